import { useLiveDocs } from 'shared-sdk/live';
import type { AiTrainingWebsite } from 'shared-sdk/schemas';
import { websitesQuery } from '../api/websites-api';

/** The workspace's websites, live, newest first. */
export const useWebsites = (workspaceId: string) =>
  useLiveDocs<AiTrainingWebsite>(websitesQuery(workspaceId));
