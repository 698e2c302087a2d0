export * from './errors';
export * from './api-client';
export * from './remote-names';
export type * from './schemas/marketing';
export type * from './schemas/runtime-config';
