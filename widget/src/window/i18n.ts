import i18next, { type i18n } from 'i18next';
import widget from './en-US.json';

// The window's own i18next instance (it shares nothing with the dashboard). product-spec.md §2: en-US is the
// only locale; a page asking for another (data-locale, Parley.setLocale) gets English.
export const defaultLocale = 'en-US';
export const supportedLocales: readonly string[] = [defaultLocale];

export const supportedLocale = (locale: string | null | undefined) =>
  locale && supportedLocales.includes(locale) ? locale : defaultLocale;

export function createI18n(locale?: string | null): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: supportedLocale(locale),
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    defaultNS: 'widget',
    ns: ['widget'],
    resources: { [defaultLocale]: { widget } },
    // The window sets textContent, never HTML.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
