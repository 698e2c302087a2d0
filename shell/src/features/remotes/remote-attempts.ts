import { useSyncExternalStore } from 'react';

// "Try again" on a remote's fallback bumps its attempt, so every page of that remote loads
// afresh. Kept outside the Redux store: public pages show remote pages too, and do not load Redux.
const attempts = new Map<string, number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function retryRemote(remote: string) {
  attempts.set(remote, (attempts.get(remote) ?? 0) + 1);
  for (const listener of listeners) listener();
}

export function useRemoteAttempt(remote: string): number {
  const attempt = () => attempts.get(remote) ?? 0;
  return useSyncExternalStore(subscribe, attempt, attempt);
}
