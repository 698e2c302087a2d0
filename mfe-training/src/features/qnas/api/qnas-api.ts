import {
  aiTrainingQnaEndpoints,
  call,
  type CreateAiTrainingQnaRequest,
  type ImportAiTrainingQnasRequest,
  type LiveQuery,
  type UpdateAiTrainingQnaRequest,
} from 'shared-sdk';

// product-spec.md §7 ai-training-qnas calls; the server checks that the caller is an admin of the workspace.

export const createQna = (request: CreateAiTrainingQnaRequest) =>
  call(aiTrainingQnaEndpoints.create, request);

export const updateQna = (request: UpdateAiTrainingQnaRequest) =>
  call(aiTrainingQnaEndpoints.update, request);

export const deleteQna = (workspaceId: string, qnaId: string) =>
  call(aiTrainingQnaEndpoints.delete, { workspaceId, qnaId });

/**
 * The most pairs one live read holds (the live query's limit). Search and the topic filter work
 * on these in the browser: the live server filters on fields, not on words or list members.
 */
export const qnasLimit = 500;

/** The workspace's pairs, newest first. */
export const qnasQuery = (workspaceId: string): LiveQuery => ({
  collection: 'ai_training_qnas',
  workspaceId,
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: qnasLimit,
});

/** The workspace's topics, most recently used first. */
export const topicsQuery = (workspaceId: string): LiveQuery => ({
  collection: 'ai_training_qna_topics',
  workspaceId,
  orderBy: [{ field: 'lastUsedAt', direction: 'desc' }],
  limit: 100,
});

export const importQnas = (request: ImportAiTrainingQnasRequest) =>
  call(aiTrainingQnaEndpoints.import, request);

/** Every pair of the workspace, oldest first: the export is not limited to the live window. */
export const listAllQnas = (workspaceId: string) =>
  call(aiTrainingQnaEndpoints.list, { workspaceId });
