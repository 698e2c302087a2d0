import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './formatted-date';

// How long ago something happened, said the same way on every screen: "now" for the last 45
// seconds (a clock a few seconds off should not read "in 3 sec."), then the largest unit that
// fits, rounded, and past a year the date itself. The words are the locale's own (Intl), so
// nothing here needs a translation file.

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
];

/** "short" for lists and headers ("5 min. ago"), "long" inside a sentence ("5 minutes ago"). */
export type RelativeTimeStyle = 'short' | 'long';

export interface RelativeTimeOptions {
  /** The moment it is seen from (ms since the epoch). */
  now: number;
  /** The page's language (i18next's); the runtime's own when unset. */
  locale?: string | undefined;
  style?: RelativeTimeStyle;
}

/** "5 min. ago", "yesterday", "2 minutes ago": how long ago `timestamp` was, seen from `now`. */
export function formatRelativeTime(
  timestamp: string,
  { now, locale, style = 'short' }: RelativeTimeOptions,
): string {
  const time = new Date(timestamp).getTime();
  // A timestamp that does not parse is shown as stored rather than as "NaN years ago".
  if (Number.isNaN(time)) return timestamp;
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style });
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return relative.format(0, 'second');
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDateTime(timestamp);
}

/** The current time, again every `intervalMs` so that relative times stay true. */
export function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A timestamp as relative time that stays true while shown, with the full date as its tooltip. */
export function RelativeTime({
  timestamp,
  style = 'short',
}: {
  timestamp: string;
  style?: RelativeTimeStyle;
}) {
  const { i18n } = useTranslation();
  const now = useNow(30_000);
  const full = formatDateTime(timestamp);
  return (
    <time dateTime={timestamp} title={full === timestamp ? undefined : full}>
      {formatRelativeTime(timestamp, { now, locale: i18n.language || undefined, style })}
    </time>
  );
}
