// 'shared-sdk/live': live queries over the page's one WebSocket, and their hook. A separate
// entry, so that pages which read nothing live (the public site) do not load the client.
export * from './live-client';
export { applyChanges, compareDocs, liveQueryKey } from './live-docs';
export type * from '../schemas/live';
export * from './use-live-docs';
