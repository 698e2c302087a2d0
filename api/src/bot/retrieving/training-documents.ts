import { splitIntoPassages } from './passages';

/** What the bot learns from (product-spec.md §3): Q&A pairs, products and the pages of web sites. */
export type TrainingKind = 'qna' | 'product' | 'webpage';

/** product-spec.md §3 ai_training_qna: the topics are names. */
export interface QnaTraining {
  id: string;
  question: string;
  answer: string;
  topicIds: string[];
}

/** product-spec.md §3 product. */
export interface ProductTraining {
  id: string;
  sku: string;
  name: string;
  description: string;
  status: 'active' | 'disabled' | 'processing';
  price: number;
  stock: number;
  salesPitch?: string | null;
  /** ISO 4217 code the price is in; without it the price is written as a bare amount. */
  currency?: string | null;
  photoUrl?: string | null;
}

/** One crawled page of a training web site. */
export interface WebPageTraining {
  id: string;
  url: string;
  title: string;
  /** The page's text, cut into passages by the index; unused when `passages` are given. */
  text?: string;
  /** The page's text as the crawler cut it, each part under its headings. */
  passages?: readonly { headings: readonly string[]; text: string }[];
  /** What the page read as (its content hash): a page whose hash has not moved is not indexed again. */
  version?: string | null;
}

/** A part of a web page short enough to be an answer on its own. */
export interface WebPagePassage {
  pageId: string;
  url: string;
  title: string;
  text: string;
}

/** One document of the index: a Q&A pair, a product, or one passage of a web page. */
export interface IndexedDocument {
  /** `qna:<id>`, `product:<id>` or `webpage:<id>#<passage>`. */
  key: string;
  kind: TrainingKind;
  sourceId: string;
  question?: string;
  answer?: string;
  topics?: string;
  name?: string;
  sku?: string;
  description?: string;
  salesPitch?: string;
  title?: string;
  text?: string;
}

/**
 * A question's words count most, then names, codes and titles, then topics; the long texts
 * (answers, descriptions, page text) count least, as they mention much that is not their subject.
 */
export const fieldBoosts = {
  question: 3,
  name: 3,
  sku: 3,
  title: 2,
  topics: 1.5,
  answer: 1,
  description: 1,
  text: 1,
  salesPitch: 0.75,
} as const;
export type Field = keyof typeof fieldBoosts;
export const fields = Object.keys(fieldBoosts) as Field[];

/** Where a match says the document is about the query, not merely mentions it. */
export const keyFields = new Set<string>(['question', 'name', 'sku', 'title', 'topics']);

export function qnaDocument(qna: QnaTraining): IndexedDocument {
  return {
    key: `qna:${qna.id}`,
    kind: 'qna',
    sourceId: qna.id,
    question: qna.question,
    answer: qna.answer,
    topics: qna.topicIds.join(' \n '),
  };
}

export function productDocument(product: ProductTraining): IndexedDocument {
  return {
    key: `product:${product.id}`,
    kind: 'product',
    sourceId: product.id,
    name: product.name,
    sku: product.sku,
    description: product.description,
    salesPitch: product.salesPitch ?? '',
  };
}

/** A page's passages, each a document found by its headings too. */
export function webPageDocuments(page: WebPageTraining): IndexedDocument[] {
  // "Delivery times" under "Shipping" answers "how long does delivery take" though its sentences
  // may not say "delivery".
  const parts =
    page.passages?.map(({ headings, text }) => ({
      title: [page.title, ...headings.filter((heading) => heading !== page.title)].join(' › '),
      text,
    })) ?? splitIntoPassages(page.text ?? '').map((text) => ({ title: page.title, text }));
  return parts.map(({ title, text }, n) => ({
    key: `webpage:${page.id}#${n}`,
    kind: 'webpage',
    sourceId: page.id,
    title,
    text,
  }));
}

/**
 * What the sentence encoder reads of a document: a pair's question (its key) and its answer; a
 * product's or a passage's whole text, name or title first.
 */
export function embeddingTexts(document: IndexedDocument): { key?: string; body: string } {
  if (document.kind === 'qna') return { key: document.question, body: document.answer ?? '' };
  if (document.kind === 'product') {
    return {
      body: [`${document.name}.`, document.description, document.salesPitch]
        .filter(Boolean)
        .join(' '),
    };
  }
  return { body: `${document.title}: ${document.text}` };
}
