import { call, unansweredQuestionEndpoints } from 'shared-sdk';

/** Dismissed questions are no longer listed (members; the server checks membership again). */
export const dismissUnanswered = (workspaceId: string, questionIds: string[]) =>
  call(unansweredQuestionEndpoints.dismiss, { workspaceId, questionIds });
