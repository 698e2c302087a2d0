import { addTranslations } from 'shared-ui';
import strings from './dashboard.en-US.json';

// The dashboard's strings (its layouts and the shell's dashboard pages) load with the modules
// that show them, not with every page.
addTranslations('shell', strings);
