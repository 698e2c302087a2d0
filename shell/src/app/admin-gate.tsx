import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { call, workspaceEndpoints } from 'shared-sdk';
import { Loading } from 'shared-ui';
import { useAppSelector } from '../store/hooks';
import { selectIsAdmin } from '../store/workspaces-slice';

/** Asks the server whether the user is admin of a workspace (product-spec.md §6: GET /api/user/is-admin). */
function useServerIsAdmin(workspaceId: string, needed: boolean) {
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (!needed || workspaceId in answers) return;
    let current = true;
    call(workspaceEndpoints.isAdmin, { workspaceId }).then(
      (isAdmin) => current && setAnswers((known) => ({ ...known, [workspaceId]: isAdmin })),
      () => current && setAnswers((known) => ({ ...known, [workspaceId]: false })),
    );
    return () => {
      current = false;
    };
  }, [workspaceId, needed, answers]);
  return answers[workspaceId];
}

/**
 * Workspace routes for admins only. A module of its own, loaded with the first such route: it
 * reads the store, which workspace routes (dashboard routes) have and the public site never loads.
 */
export function AdminGate({
  workspaceId,
  deniedTo,
  children,
}: {
  workspaceId: string;
  deniedTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  // The loaded memberships answer at once; if they are not loaded, the server is asked.
  const storeIsAdmin = useAppSelector((state) => selectIsAdmin(state, workspaceId));
  const serverIsAdmin = useServerIsAdmin(workspaceId, storeIsAdmin === undefined);
  const isAdmin = storeIsAdmin ?? serverIsAdmin;
  if (isAdmin === undefined) return <Loading label={t('loading')} />;
  if (!isAdmin) return <Navigate to={deniedTo} replace />;
  return children;
}
