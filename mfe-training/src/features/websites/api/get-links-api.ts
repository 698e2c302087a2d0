import { call, getLinksEndpoints, type LiveQuery } from 'shared-sdk';

// Website discovery (product-spec.md §7 getLinks): a background job on the server. The screen follows the
// job through the live collection `jobs` rather than polling getLinksEndpoints.get.

export const startGetLinks = (workspaceId: string, baseUrl: string) =>
  call(getLinksEndpoints.start, { workspaceId, baseUrl });

/** Stops the job; the links it found so far are kept. */
export const cancelGetLinks = (workspaceId: string, jobId: string) =>
  call(getLinksEndpoints.cancel, { workspaceId, jobId });

/** The one job, live: its status, counts and links change as it runs. */
export const getLinksJobQuery = (workspaceId: string, jobId: string): LiveQuery => ({
  collection: 'jobs',
  workspaceId,
  where: [{ field: 'id', op: '==', value: jobId }],
  limit: 1,
});
