import { addTranslations } from 'shared-ui';
import en from './en-US.json';

/** Strings both ticket pages use (statuses, types, fallbacks of product-spec.md §3). */
export const ticketsNamespace = 'tickets';
addTranslations(ticketsNamespace, en);
