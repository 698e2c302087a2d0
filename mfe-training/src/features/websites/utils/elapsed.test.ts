import { formatElapsed } from './elapsed';

describe('elapsed time', () => {
  it('reads as minutes and seconds, with hours only past an hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(9)).toBe('00:09');
    expect(formatElapsed(249)).toBe('04:09');
    expect(formatElapsed(30 * 60)).toBe('30:00');
    expect(formatElapsed(3729.7)).toBe('1:02:09');
    expect(formatElapsed(-3)).toBe('00:00');
  });
});
