import { addTranslations } from 'shared-ui';
import en from './en-US.json';

/** Strings of the page's frame, which every tab shows: its title, lead and tab names. */
export const trainingNamespace = 'training';
addTranslations(trainingNamespace, en);
