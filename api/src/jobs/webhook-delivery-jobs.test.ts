import { retryDelayMs, webhookMaxTries, webhookRetryWaits } from './webhook-delivery-jobs';

describe('the webhook retry schedule', () => {
  it('waits 1, 3, 9, 20 and 30 base units between six tries, about an hour in all', () => {
    const minute = 60_000;
    const waits = webhookRetryWaits.map((_, index) => retryDelayMs(index + 1, minute, () => 0));
    expect(waits).toEqual([1, 3, 9, 20, 30].map((units) => units * minute));
    expect(webhookMaxTries).toBe(6);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(63 * minute);
  });

  it('lengthens each wait by up to a tenth at random', () => {
    expect(retryDelayMs(1, 60_000, () => 0.999_999)).toBe(66_000);
    expect(retryDelayMs(3, 10, () => 0.5)).toBe(95);
  });
});
