import { useEffect, useState } from 'react';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto', style: 'short' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 min. ago", "yesterday": how long ago `timestamp` was, seen from `now`. */
export function formatRelative(timestamp: string, now: number): string {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) return timestamp;
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return relative.format(0, 'second');
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return full.format(time);
}

/** The current time, again every `intervalMs` so that relative times stay true. */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A timestamp as relative time, with the full date and time as its tooltip. */
export function RelativeTime({ timestamp }: { timestamp: string }) {
  const now = useNow(30_000);
  const date = new Date(timestamp);
  return (
    <time dateTime={timestamp} title={Number.isNaN(date.getTime()) ? undefined : full.format(date)}>
      {formatRelative(timestamp, now)}
    </time>
  );
}
