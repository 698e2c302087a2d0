import { randomId } from '../src/db/random-id';

describe('randomId', () => {
  it('gives 20 URL-safe characters, never the same twice, across many draws of random bytes', () => {
    const ids = Array.from({ length: 5_000 }, () => randomId());
    expect(ids.every((id) => /^[A-Za-z0-9_-]{20}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Each character carries 6 random bits: over 100,000 characters every one of the 64 shows
    // up, and none much more often than the others (a fixed or reused byte would).
    const counts = new Map<string, number>();
    for (const char of ids.join('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(64);
    expect(Math.max(...counts.values())).toBeLessThan((100_000 / 64) * 1.25);
  });
});
