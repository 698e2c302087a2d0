import { isTimeZone, isWithinBusinessHours, localWeekTime } from './business-hours';
import type { BusinessHours } from './schemas/chatbot-experience';

const weekdaysNineToFive = (timeZone: string): BusinessHours => ({
  enabled: true,
  timeZone,
  intervals: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({
    day,
    start: '09:00',
    end: '17:00',
  })),
});

describe('business hours', () => {
  it('reads the weekday and time in the business’s time zone, across daylight saving', () => {
    // Monday 2025-03-31 07:30 UTC is 09:30 in Paris (summer time, UTC+2).
    expect(localWeekTime(new Date('2025-03-31T07:30:00Z'), 'Europe/Paris')).toEqual({
      day: 'mon',
      time: '09:30',
    });
    // The same UTC time on Friday 2025-03-28 is 08:30 (winter time, UTC+1).
    expect(localWeekTime(new Date('2025-03-28T07:30:00Z'), 'Europe/Paris')).toEqual({
      day: 'fri',
      time: '08:30',
    });
    // Late Sunday in New York is already Monday in UTC.
    expect(localWeekTime(new Date('2025-06-02T02:00:00Z'), 'America/New_York').day).toBe('sun');
  });

  it('is open from the start up to, not including, the end', () => {
    const paris = weekdaysNineToFive('Europe/Paris');
    expect(isWithinBusinessHours(paris, new Date('2025-03-31T07:00:00Z'))).toBe(true); // 09:00
    expect(isWithinBusinessHours(paris, new Date('2025-03-31T06:59:00Z'))).toBe(false); // 08:59
    expect(isWithinBusinessHours(paris, new Date('2025-03-31T15:00:00Z'))).toBe(false); // 17:00
    expect(isWithinBusinessHours(paris, new Date('2025-03-29T10:00:00Z'))).toBe(false); // Sat
  });

  it('counts a day that closes at 24:00 as open until midnight, and is always open when off', () => {
    const lateSaturday: BusinessHours = {
      enabled: true,
      timeZone: 'UTC',
      intervals: [{ day: 'sat', start: '18:00', end: '24:00' }],
    };
    expect(isWithinBusinessHours(lateSaturday, new Date('2025-05-31T23:59:00Z'))).toBe(true);
    expect(isWithinBusinessHours(lateSaturday, new Date('2025-06-01T00:00:00Z'))).toBe(false);
    const off = { ...weekdaysNineToFive('UTC'), enabled: false };
    expect(isWithinBusinessHours(off, new Date('2025-06-01T03:00:00Z'))).toBe(true);
  });

  it('knows IANA names from the platform and nothing else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
