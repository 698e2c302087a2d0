import type { BusinessHours, Weekday } from './schemas/chatbot-experience';

/** Whether the runtime's time-zone database knows the IANA name (Intl, no table of our own). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const weekdayOf: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** The weekday and "HH:MM" that `at` is in `timeZone` (the platform's Intl time-zone data). */
export function localWeekTime(at: Date, timeZone: string): { day: Weekday; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return { day: weekdayOf[part('weekday')] ?? 'mon', time: `${part('hour')}:${part('minute')}` };
}

/**
 * Whether the team is in at `at`: always when business hours are off; else inside one of the
 * intervals (start included, end excluded). The widget and the API both ask this, each with its
 * own clock, so the banner and the bot's handover words agree.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date): boolean {
  if (!hours.enabled) return true;
  const { day, time } = localWeekTime(at, hours.timeZone);
  return hours.intervals.some(
    (interval) => interval.day === day && interval.start <= time && time < interval.end,
  );
}
