import { useCallback, useSyncExternalStore } from 'react';

// How an agent is told that a customer waits for a person: the browser's notifications (its
// permission) and a sound (a choice kept in this browser). The chat takeover page offers both
// settings; the shell's header raises the alerts on every dashboard page.

export const alertSoundStorageKey = 'parley.alertSound';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the setting.
  const onStorage = (event: StorageEvent) => {
    if (event.key === alertSoundStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the agent asked for a sound when a customer starts waiting (off unless chosen). */
export function alertSoundOn(): boolean {
  try {
    return window.localStorage.getItem(alertSoundStorageKey) === 'on';
  } catch {
    return false;
  }
}

/** The sound setting, and a way to change it (kept in this browser, for every tab). */
export function useAlertSound(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, alertSoundOn, () => false);
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(alertSoundStorageKey, next ? 'on' : 'off');
    } catch {
      // Not stored: nothing changes.
    }
    notify();
  }, []);
  return [on, set];
}

export type AlertPermission = NotificationPermission | 'unsupported';

/** The page's permission to show notifications ('unsupported' where there are none). */
export function notificationPermission(): AlertPermission {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

/**
 * The notification permission, and the request for it. Browsers ask the user only in answer to
 * something they did, so `request` belongs in a click handler, never in a page's first render.
 */
export function useNotificationPermission(): {
  permission: AlertPermission;
  request: () => Promise<AlertPermission>;
} {
  const permission = useSyncExternalStore<AlertPermission>(
    subscribe,
    notificationPermission,
    () => 'unsupported',
  );
  const request = useCallback(async (): Promise<AlertPermission> => {
    if (typeof window.Notification !== 'function') return 'unsupported';
    const answer = await window.Notification.requestPermission();
    notify();
    return answer;
  }, []);
  return { permission, request };
}
