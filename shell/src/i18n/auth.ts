import { addTranslations } from 'shared-ui';
import strings from './auth.en-US.json';

// The sign-in, sign-up and password pages' strings load with those pages, not with every page.
addTranslations('shell', strings);
