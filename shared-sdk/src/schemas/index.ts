// 'shared-sdk/schemas': the zod schemas, a separate entry so that pages which validate nothing
// do not load zod.
export * from './error';
export * from './text';
export * from './marketing';
export * from './runtime-config';
export * from './identity';
export * from './chatbot-experience';
export * from './workspace';
export * from './workspace-members';
export * from './live';
export * from './storage';
export * from './tickets';
export * from './conversations';
export * from './conversation-notes';
export * from './canned-responses';
export * from './training';
export * from './products';
export * from './websites';
export * from './identity-verification';
export * from './chat-widget';
export * from './webhooks';
export * from './billing';
export * from './constants';
export * from './reports';
export * from './search';
export * from './customer-records';
export * from './copilot';
