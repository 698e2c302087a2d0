import { call, suggestedPairEndpoints } from 'shared-sdk';
import type { AcceptSuggestedPairRequest } from 'shared-sdk/schemas';

// AI training › Suggested pairs (admins; the server checks the role again).

/** Adds the pair, as edited, to the training at once. */
export const acceptSuggestedPair = (request: AcceptSuggestedPairRequest) =>
  call(suggestedPairEndpoints.accept, request);

/** Never proposed again, in other words either. */
export const dismissSuggestedPair = (workspaceId: string, sourceIds: string[]) =>
  call(suggestedPairEndpoints.dismiss, { workspaceId, sourceIds });
