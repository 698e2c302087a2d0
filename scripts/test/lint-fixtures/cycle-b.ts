import { a } from './cycle-a';

export const b = (): unknown => a;
