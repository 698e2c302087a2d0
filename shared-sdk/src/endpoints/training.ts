import { endpoint } from '../endpoint';

// product-spec.md §7 AI training calls.
export const aiTrainingQnaEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/user/ai-training-qnas',
    body: 'createAiTrainingQnaRequestSchema',
    response: 'aiTrainingQnaSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/ai-training-qnas',
    body: 'updateAiTrainingQnaRequestSchema',
    response: 'aiTrainingQnaSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/ai-training-qnas',
    body: 'deleteAiTrainingQnaRequestSchema',
  }),
  /** Every pair (the live list keeps the newest): what the CSV export writes. */
  list: endpoint({
    method: 'GET',
    path: '/api/user/ai-training-qnas',
    query: 'workspaceIdQuerySchema',
    response: 'aiTrainingQnasSchema',
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/user/ai-training-qnas-import',
    body: 'importAiTrainingQnasRequestSchema',
    response: 'importAiTrainingQnasResponseSchema',
    status: 201,
  }),
};

/** AI training › Unanswered questions: what the bot handed over, grouped by meaning (members). */
export const unansweredQuestionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/unanswered-questions',
    query: 'unansweredQuestionsQuerySchema',
    response: 'unansweredQuestionsSchema',
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/user/unanswered-questions-dismiss',
    body: 'dismissUnansweredQuestionsRequestSchema',
    response: 'dismissUnansweredQuestionsResponseSchema',
  }),
};
