import { parsePageParam } from 'shared-sdk';
import type { AiTrainingQna } from 'shared-sdk/schemas';

/** Pairs shown on one page of the list. */
export const perPage = 10;

/** What the Q&A list shows, read from its URL: the page, the search words and the topic. */
export interface QnasView {
  page: number;
  search: string;
  topic: string;
}

/** product-spec.md §5: a `page` that is not a whole number of at least 1 is the 404 page for `path`. */
export function parseQnasView(search: URLSearchParams, path: string): QnasView {
  return {
    page: parsePageParam(search, path),
    search: search.get('q') ?? '',
    topic: search.get('topic') ?? '',
  };
}

/** The view's query string ("" for the first page of everything). */
export function qnasViewSearch({ page, search, topic }: QnasView): string {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (topic) params.set('topic', topic);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Lower-cased, accents dropped: "Réservation" is found by "reservation". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The pairs with the topic whose question, answer or topics hold every word searched for. */
export function filterQnas<T extends AiTrainingQna>(qnas: readonly T[], view: QnasView): T[] {
  const words = fold(view.search).split(/\s+/).filter(Boolean);
  return qnas.filter((qna) => {
    if (view.topic && !qna.topicIds.includes(view.topic)) return false;
    const text = fold([qna.question, qna.answer, ...qna.topicIds].join('\n'));
    return words.every((word) => text.includes(word));
  });
}

/** The topics typed in a comma-separated field, trimmed, without blanks or repeats. */
export function parseTopics(text: string): string[] {
  const topics: string[] = [];
  for (const part of text.split(',')) {
    const topic = part.trim();
    if (topic && !topics.some((known) => known.toLowerCase() === topic.toLowerCase())) {
      topics.push(topic);
    }
  }
  return topics;
}
