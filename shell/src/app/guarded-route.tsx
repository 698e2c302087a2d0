import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call, workspaceEndpoints } from 'shared-sdk';
import { Loading, useSession } from 'shared-ui';
import { useAppSelector } from '../store/hooks';
import { selectIsAdmin } from '../store/workspaces-slice';
import { decideRoute } from './route-guard';

/** Asks the server whether the user is admin of a workspace (spec §6: GET /api/user/is-admin). */
function useServerIsAdmin(workspaceId: string | undefined, needed: boolean) {
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!needed || workspaceId === undefined || workspaceId in answers) return;
    let current = true;
    call(workspaceEndpoints.isAdmin, { workspaceId }).then(
      (isAdmin) => current && setAnswers((known) => ({ ...known, [workspaceId]: isAdmin })),
      () => current && setAnswers((known) => ({ ...known, [workspaceId]: false })),
    );
    return () => {
      current = false;
    };
  }, [workspaceId, needed, answers]);
  return workspaceId === undefined ? undefined : answers[workspaceId];
}

/** Applies the spec §2 route guard to a route (or to an unknown path, routeName undefined). */
export function GuardedRoute({
  routeName,
  children,
}: {
  routeName: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const { status } = useSession();
  const decision =
    status === 'loading'
      ? undefined
      : decideRoute({ routeName, pathname, search, signedIn: status === 'signed-in' });
  const workspaceId = decision?.kind === 'require-admin' ? decision.workspaceId : undefined;
  // The loaded memberships answer at once; if they are not loaded, the server is asked.
  const storeIsAdmin = useAppSelector((state) =>
    workspaceId === undefined ? undefined : selectIsAdmin(state, workspaceId),
  );
  const serverIsAdmin = useServerIsAdmin(workspaceId, storeIsAdmin === undefined);

  if (!decision) return <Loading label={t('loading')} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace={decision.replace} />;
  if (decision.kind === 'require-admin') {
    const isAdmin = storeIsAdmin ?? serverIsAdmin;
    if (isAdmin === undefined) return <Loading label={t('loading')} />;
    if (!isAdmin) return <Navigate to={decision.deniedTo} replace />;
  }
  return children;
}
