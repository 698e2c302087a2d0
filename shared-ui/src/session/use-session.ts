import { useSyncExternalStore } from 'react';
import { session, type SessionState } from 'shared-sdk';

const subscribe = (listener: () => void) => session().subscribe(listener);
const getState = () => session().getState();

/** The page's session (shared-sdk singleton): status and the signed-in user, kept current. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getState, getState);
}
