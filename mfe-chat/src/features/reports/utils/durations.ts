import type { TFunction } from 'i18next';

/** A duration as a person reads it: 45 s, 3 min 20 s, 2 h 5 min, 3 d 4 h. */
export function formatDuration(t: TFunction<'reports'>, seconds: number | null): string {
  if (seconds === null) return t('comparison.none');
  const whole = Math.round(seconds);
  if (whole < 60) return t('duration.seconds', { count: whole });
  if (whole < 3600) {
    return t('duration.minutes', { minutes: Math.floor(whole / 60), seconds: whole % 60 });
  }
  if (whole < 86_400) {
    return t('duration.hours', {
      hours: Math.floor(whole / 3600),
      minutes: Math.floor((whole % 3600) / 60),
    });
  }
  return t('duration.days', {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3600),
  });
}

/** Minutes with one decimal, for the charts' axes (null: no point that day). */
export const inMinutes = (seconds: number | null) =>
  seconds === null ? null : Math.round(seconds / 6) / 10;
