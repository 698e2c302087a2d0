import { useContext, useEffect, type ReactNode } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { useSession } from 'shared-ui';
import { useAppDispatch, useAppSelector } from './hooks';
import { withLive } from './live';
import { makeStore, signedOut, type AppStore } from './store';
import { loadWorkspaces, selectWorkspacesStatus } from './workspaces-slice';

export { importLive } from './live';

let pageStore: AppStore | undefined;

const pageStoreWithLive = () => (pageStore ??= withLive(makeStore()));

/** Loads the user's workspaces when they sign in; resets every store when they sign out. */
function SessionSync() {
  const dispatch = useAppDispatch();
  const { status } = useSession();
  const workspacesStatus = useAppSelector(selectWorkspacesStatus);
  useEffect(() => {
    if (status === 'signed-in' && workspacesStatus === 'idle') void dispatch(loadWorkspaces());
    if (status === 'signed-out' && workspacesStatus !== 'idle') dispatch(signedOut());
  }, [status, workspacesStatus, dispatch]);
  return null;
}

/**
 * The page's one Redux store, made when a page first needs it (a dashboard page) and kept for
 * the page's life; the public site never loads it. A store provided already (a test's) is used.
 * Every dashboard page reads live data (the header's count at least): the store is made with
 * live queries in it, before anything subscribes.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const provided = useContext(ReactReduxContext);
  if (provided) {
    return (
      <>
        <SessionSync />
        {children}
      </>
    );
  }
  return (
    <Provider store={pageStoreWithLive()}>
      <SessionSync />
      {children}
    </Provider>
  );
}
