import { addTranslations } from 'shared-ui';
import strings from './help.en-US.json';

// The help page's strings load with it, not with every page.
addTranslations('shell', strings);
