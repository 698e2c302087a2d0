import type { Statistics } from 'shared-sdk';
import { useLiveDocs } from 'shared-sdk/live';
import type { AiTrainingQna, AiTrainingQnaTopic } from 'shared-sdk/schemas';
import { qnasQuery, topicsQuery } from '../api/qnas-api';

/** The workspace's pairs and topics, live, and how many pairs it has in all. */
export function useQnas(workspaceId: string) {
  const qnas = useLiveDocs<AiTrainingQna>(qnasQuery(workspaceId));
  const topics = useLiveDocs<AiTrainingQnaTopic>(topicsQuery(workspaceId));
  const statistics = useLiveDocs<Statistics>({ collection: 'statistics', workspaceId });
  const total = statistics.docs.find((doc) => doc.id === workspaceId)?.aiTrainingQnas.count;
  return { qnas, topics: topics.docs.map((topic) => topic.id), total };
}
