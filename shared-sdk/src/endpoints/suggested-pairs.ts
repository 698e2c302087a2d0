import { endpoint } from '../endpoint';

/** AI training › Suggested pairs: new pairs from what agents answered (admins). */
export const suggestedPairEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/suggested-pairs',
    query: 'suggestedPairsQuerySchema',
    response: 'suggestedPairsSchema',
  }),
  /** Adds the pair to the training at once; the suggestion is not proposed again. */
  accept: endpoint({
    method: 'POST',
    path: '/api/user/suggested-pairs-accept',
    body: 'acceptSuggestedPairRequestSchema',
    response: 'aiTrainingQnaSchema',
    status: 201,
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/user/suggested-pairs-dismiss',
    body: 'dismissSuggestedPairRequestSchema',
    response: 'dismissSuggestedPairResponseSchema',
  }),
};
