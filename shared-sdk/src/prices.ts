// How the dashboard and the widget show a product's price and stock, and where the bot's "only
// N left" starts: one rule for all three.

/** At or below this many in stock, a product is said to have "only N left". */
export const lowStockThreshold = 5;

/** "€1,299.00": a price in its ISO 4217 currency, for the reader's locale. */
export function formatPrice(price: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    // A code the runtime does not know: the amount and the code.
    return `${price.toFixed(2)} ${currency}`;
  }
}
