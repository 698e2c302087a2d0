import { formatPrice } from './prices';
import { formatPlanPrice } from './plans';

describe('formatPrice', () => {
  it('says a price in its currency for the locale, cents included', () => {
    expect(formatPrice(1299, 'EUR', 'en-US')).toBe('€1,299.00');
    expect(formatPrice(29.9, 'USD', 'en-US')).toBe('$29.90');
    expect(formatPrice(5, 'JPY', 'en-US')).toBe('¥5');
  });

  it('gives the bare amount without a currency, and the code beside it for one it does not know', () => {
    expect(formatPrice(12.5, null, 'en-US')).toBe('12.50');
    expect(formatPrice(12.5, 'NOT-A-CODE', 'en-US')).toBe('12.50 NOT-A-CODE');
  });

  it('rounds to whole units when asked, as the plans are priced', () => {
    expect(formatPrice(1200, 'USD', 'en-US', { wholeUnits: true })).toBe('$1,200');
    expect(formatPlanPrice(24.99)).toBe('$25');
    expect(formatPlanPrice(0)).toBe('$0');
  });
});
