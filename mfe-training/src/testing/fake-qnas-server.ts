import type { LiveDoc } from 'shared-sdk';
import type { AiTrainingQna } from 'shared-sdk/schemas';
import { fakeApi, notFoundReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { buildQna, buildStatistics, buildTopic } from '@testing/data-generators';

type Body = { workspaceId: string; qnaId?: string } & Partial<AiTrainingQna>;

/**
 * The ai-training-qnas calls of product-spec.md §7 (with the CSV import and export) and the live collections
 * they change, in memory: a write
 * changes the pairs, their topics and the statistics together, then the subscriptions hear it.
 * `override` answers a call differently (e.g. an error).
 */
export function fakeQnasServer({
  qnas = [],
  override = () => undefined,
}: {
  qnas?: (AiTrainingQna & LiveDoc)[];
  override?: (request: FakeRequest) => FakeReply | undefined;
} = {}) {
  const topicsOf = (pairs: AiTrainingQna[]) =>
    [...new Set(pairs.flatMap((qna) => qna.topicIds))].map((name) => buildTopic(name));
  const statisticsOf = (pairs: AiTrainingQna[]) =>
    buildStatistics([], { aiTrainingQnas: { count: pairs.length } });
  const live = connectFakeLiveCollections({
    ai_training_qnas: qnas,
    ai_training_qna_topics: topicsOf(qnas),
    statistics: [statisticsOf(qnas)],
  });
  let sequence = 0;

  async function write(
    change: (pairs: (AiTrainingQna & LiveDoc)[]) => (AiTrainingQna & LiveDoc)[],
  ) {
    await live.commit((data) => {
      const pairs = change(data.ai_training_qnas as (AiTrainingQna & LiveDoc)[]);
      data.ai_training_qnas = pairs;
      data.ai_training_qna_topics = topicsOf(pairs);
      data.statistics = [statisticsOf(pairs)];
    });
  }

  const api = fakeApi(async (request) => {
    const overridden = override(request);
    if (overridden) return overridden;
    const stored = () => (live.collections.ai_training_qnas ?? []) as AiTrainingQna[];
    if (request.method === 'GET' && request.url.startsWith('/api/user/ai-training-qnas?')) {
      return { status: 200, body: [...stored()].reverse() };
    }
    if (request.method === 'POST' && request.url === '/api/user/ai-training-qnas-import') {
      const { workspaceId, pairs } = request.body as {
        workspaceId: string;
        pairs: Pick<AiTrainingQna, 'question' | 'answer' | 'topicIds'>[];
      };
      const added = pairs.map((pair) => {
        sequence += 1;
        return buildQna({ ...pair, id: `qna_imported_${sequence}`, workspaceId });
      });
      await write((current) => [...added.reverse(), ...current]);
      return { status: 201, body: { imported: added.length } };
    }
    if (request.url !== '/api/user/ai-training-qnas') return notFoundReply(request);
    const { workspaceId, qnaId, question, answer, topicIds } = request.body as Body;
    sequence += 1;
    const now = new Date(Date.UTC(2025, 5, 1, 12, 0, sequence)).toISOString();
    if (request.method === 'POST') {
      const qna = buildQna({
        id: `qna_new_${sequence}`,
        workspaceId,
        question,
        answer,
        topicIds,
        createdAt: now,
        updatedAt: now,
      });
      // Newest first, as the server orders them.
      await write((pairs) => [qna, ...pairs]);
      return { status: 201, body: qna };
    }
    const existing = live.collections.ai_training_qnas?.find((doc) => doc.id === qnaId);
    if (!existing)
      return { status: 404, body: { error: { code: 'not-found', message: 'No pair' } } };
    if (request.method === 'PATCH') {
      const qna = buildQna({
        ...(existing as AiTrainingQna),
        question,
        answer,
        topicIds,
        updatedAt: now,
      });
      await write((pairs) => pairs.map((pair) => (pair.id === qnaId ? qna : pair)));
      return { status: 200, body: qna };
    }
    if (request.method === 'DELETE') {
      await write((pairs) => pairs.filter((pair) => pair.id !== qnaId));
      return { status: 204 };
    }
    return notFoundReply(request);
  });

  return { ...api, live };
}
