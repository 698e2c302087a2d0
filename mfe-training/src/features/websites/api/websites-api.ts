import {
  aiTrainingWebsiteEndpoints,
  call,
  type CreateAiTrainingWebsiteRequest,
  type LiveQuery,
} from 'shared-sdk';

// product-spec.md §7 ai-training-websites calls; the server checks that the caller is an admin of the
// workspace, and that every link is on the website's own site.

export const createWebsite = (request: CreateAiTrainingWebsiteRequest) =>
  call(aiTrainingWebsiteEndpoints.create, request);

/** The links the website keeps: a link left out leaves the bot at once; a new one is read. */
export const updateWebsiteLinks = (workspaceId: string, websiteId: string, links: string[]) =>
  call(aiTrainingWebsiteEndpoints.update, { workspaceId, websiteId, links });

export const deleteWebsite = (workspaceId: string, websiteId: string) =>
  call(aiTrainingWebsiteEndpoints.delete, { workspaceId, websiteId });

/** Every link is read again; a page whose text did not change keeps its place in the index. */
export const resyncWebsite = (workspaceId: string, websiteId: string) =>
  call(aiTrainingWebsiteEndpoints.resync, { workspaceId, websiteId });

/** The most websites one live read holds; a workspace has a handful. */
export const websitesLimit = 100;

/** The workspace's websites, newest first, with the state of each page. */
export const websitesQuery = (workspaceId: string): LiveQuery => ({
  collection: 'ai_training_websites',
  workspaceId,
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: websitesLimit,
});
