// 'shared-sdk/live': live queries over the page's one WebSocket, and their RTK Query api. A
// separate entry, so that pages which read nothing live (the public site) do not load RTK Query.
export * from './live-client';
export { applyChanges, compareDocs, liveQueryKey } from './live-docs';
export * from './live-api';
export type * from '../schemas/live';
export * from './use-live-docs';
