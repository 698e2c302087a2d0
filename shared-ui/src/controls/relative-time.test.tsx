import { act, render, screen } from '@testing-library/react';
import { initI18n } from 'shared-ui';
import { formatRelativeTime, RelativeTime } from './relative-time';

const now = Date.parse('2025-03-04T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const said = (seconds: number, style?: 'short' | 'long') =>
  formatRelativeTime(ago(seconds), { now, locale: 'en-US', style });

describe('formatRelativeTime', () => {
  it('says "now" for the last 45 seconds, either side of the clock', () => {
    expect(said(0)).toBe('now');
    expect(said(44)).toBe('now');
    expect(said(-30)).toBe('now');
    expect(said(50)).toBe('50 sec. ago');
  });

  it('takes the largest unit that fits, rounded', () => {
    expect(said(5 * 60)).toBe('5 min. ago');
    expect(said(89 * 60)).toBe('1 hr. ago');
    expect(said(3 * 3600)).toBe('3 hr. ago');
    expect(said(26 * 3600)).toBe('yesterday');
    expect(said(3 * 86_400)).toBe('3 days ago');
    expect(said(15 * 86_400)).toBe('2 wk. ago');
    expect(said(70 * 86_400)).toBe('2 mo. ago');
  });

  it('writes the units out in full in the long style', () => {
    expect(said(2 * 60, 'long')).toBe('2 minutes ago');
    expect(said(10, 'long')).toBe('now');
    expect(said(-3 * 3600, 'long')).toBe('in 3 hours');
  });

  it('gives the date past a year, and a timestamp that does not parse as stored', () => {
    expect(said(400 * 86_400)).toMatch(/2024/);
    expect(formatRelativeTime('soon', { now, locale: 'en-US' })).toBe('soon');
  });
});

describe('RelativeTime', () => {
  beforeEach(() => jest.useFakeTimers({ now }));
  afterEach(() => jest.useRealTimers());

  it('keeps the time true while it is shown, with the full date as its tooltip', () => {
    initI18n();
    render(<RelativeTime timestamp={ago(40)} />);
    const time = screen.getByText('now');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', ago(40));
    expect(time.getAttribute('title')).toMatch(/2025/);
    act(() => jest.advanceTimersByTime(60_000));
    expect(time).toHaveTextContent('2 min. ago');
  });
});
