import i18next, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en-US.common.json';

// product-spec.md §2: English only; en-US is the default locale and has no URL prefix.
export const defaultLocale = 'en-US';
export const supportedLocales = [defaultLocale] as const;

/** Starts the page's one i18next instance (a shared singleton); safe to call twice. */
export function initI18n(resources: Resource = {}) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: defaultLocale,
      fallbackLng: defaultLocale,
      supportedLngs: [...supportedLocales],
      defaultNS: 'common',
      ns: ['common'],
      resources: { [defaultLocale]: { common, ...resources[defaultLocale] } },
      interpolation: { escapeValue: false }, // React escapes.
      initAsync: false,
    });
  }
  return i18next;
}

/** A remote adds its own namespace to the shared instance when its module loads. */
export function addTranslations(namespace: string, resources: ResourceKey) {
  initI18n().addResourceBundle(defaultLocale, namespace, resources, true, true);
}

export type CommonResources = typeof common;
