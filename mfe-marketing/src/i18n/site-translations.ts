import { addTranslations } from 'shared-ui';
import en from './en-US.json';

/** Strings the site's shared building blocks use (call-to-action banner, forms). */
export const siteNamespace = 'site';
addTranslations(siteNamespace, en);
