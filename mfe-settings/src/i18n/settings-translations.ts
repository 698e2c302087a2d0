import { addTranslations } from 'shared-ui';
import en from './en-US.json';

/** Strings the settings remote's shared building blocks use (forms, roles, statuses). */
export const settingsNamespace = 'settings';
addTranslations(settingsNamespace, en);
