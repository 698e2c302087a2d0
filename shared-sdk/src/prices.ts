// How the dashboard, the widget, the bot and the plans show a price, and where the bot's "only
// N left" starts: one rule for all of them.

/** At or below this many in stock, a product is said to have "only N left". */
export const lowStockThreshold = 5;

export interface PriceStyle {
  /** Plan prices are whole dollars ("$30"); product prices keep their cents ("$29.90"). */
  wholeUnits?: boolean;
}

// A product table formats a price a row: one formatter per locale, currency and style.
const formatters = new Map<string, Intl.NumberFormat>();
function formatterFor(currency: string, locale: string | undefined, wholeUnits: boolean) {
  const key = `${locale ?? ''}|${currency}|${wholeUnits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(wholeUnits ? { maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "€1,299.00": a price in its ISO 4217 currency, for the reader's locale. Without a currency
 * (a product the bot read before the workspace had one) it is the bare amount, "1299.00".
 */
export function formatPrice(
  price: number,
  currency: string | null | undefined,
  locale?: string,
  { wholeUnits = false }: PriceStyle = {},
): string {
  const amount = price.toFixed(wholeUnits ? 0 : 2);
  if (!currency) return amount;
  try {
    return formatterFor(currency, locale, wholeUnits).format(price);
  } catch {
    // A code the runtime does not know: the amount and the code.
    return `${amount} ${currency}`;
  }
}
