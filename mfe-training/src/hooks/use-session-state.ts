import { useCallback, useEffect, useRef, useState } from 'react';

function read<T>(key: string, initial: T, accept: (value: unknown) => value is T): T {
  try {
    const text = sessionStorage.getItem(key);
    if (text === null) return initial;
    const value: unknown = JSON.parse(text);
    // Written by another version of the page, perhaps: start afresh rather than break.
    return accept(value) ? value : initial;
  } catch {
    return initial;
  }
}

function write(key: string, value: unknown, initial: unknown) {
  try {
    if (value === initial) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the value lives on in the page, as before.
  }
}

/**
 * State kept for this browser tab under `key`, so that switching the page's tabs (which
 * replaces the tab's components) or reloading does not lose it: a page search that runs for
 * minutes, the pages unticked in it, the questions tried. sessionStorage, not localStorage: it
 * goes when the browser tab does. `accept` checks what was stored.
 */
export function useSessionState<T>(
  key: string,
  initial: T,
  accept: (value: unknown) => value is T,
): [T, (next: T | ((current: T) => T)) => void] {
  const [state, setState] = useState(() => ({ key, value: read(key, initial, accept) }));
  // Another key (another workspace) reads its own value.
  const current = state.key === key ? state : { key, value: read(key, initial, accept) };
  if (current !== state) setState(current);

  // The latest value, for updates that run after an await.
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });

  const update = useCallback(
    (next: T | ((value: T) => T)) => {
      const base = latest.current.key === key ? latest.current.value : read(key, initial, accept);
      const value = next instanceof Function ? next(base) : next;
      latest.current = { key, value };
      setState({ key, value });
      write(key, value, initial);
    },
    [key, initial, accept],
  );
  return [current.value, update];
}
