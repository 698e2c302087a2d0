import { addTranslations } from 'shared-ui';
import en from './en-US.json';

/** Strings both chat takeover pages use (statuses, roles, the anonymous customer). */
export const chatNamespace = 'chat';
addTranslations(chatNamespace, en);
