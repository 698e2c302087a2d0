import { addTranslations } from 'shared-ui';
import strings from './en-US.json';

// The shell's own strings (layouts, menus, the error page): every page has them from the start.
addTranslations('shell', strings);
