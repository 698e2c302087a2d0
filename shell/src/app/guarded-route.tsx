import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading, useSession } from 'shared-ui';
import { lazyComponent } from './lazy-component';
import { decideRoute } from './route-guard';

export const AdminGate = lazyComponent(() =>
  import('./admin-gate').then((module) => module.AdminGate),
);

/** Applies the product-spec.md §2 route guard to a route (or to an unknown path, routeName undefined). */
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

  if (!decision) return <Loading label={t('loading')} />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace={decision.replace} />;
  if (decision.kind === 'require-admin') {
    return (
      <AdminGate workspaceId={decision.workspaceId} deniedTo={decision.deniedTo}>
        {children}
      </AdminGate>
    );
  }
  return children;
}
