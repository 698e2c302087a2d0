export * from './errors';
export * from './api-client';
export * from './remote-names';
export type * from './schemas/marketing';
export type * from './schemas/runtime-config';
export type * from './schemas/identity';
export type * from './schemas/workspace';
export * from './session';
export * from './action-result';
