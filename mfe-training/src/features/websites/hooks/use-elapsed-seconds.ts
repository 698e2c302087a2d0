import { useEffect, useState } from 'react';

const secondsBetween = (from: string, to: number) =>
  // A server clock a little ahead of this one must not show a negative time.
  Math.max(0, Math.floor((to - Date.parse(from)) / 1000));

/**
 * Seconds from `from` to `to`, or to now while `to` is null: ticking every second until the
 * thing timed ends. Null while it has not started.
 */
export function useElapsedSeconds(from: string | null, to: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const running = from !== null && to === null;

  useEffect(() => {
    if (!running) return undefined;
    const tick = () => setNow(Date.now());
    // At once too: the clock read at mount may be older than the start just learnt.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, from]);

  if (from === null) return null;
  return secondsBetween(from, to === null ? now : Date.parse(to));
}
