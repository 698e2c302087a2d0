import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideReply, defaultMeaningSettings } from '../src/bot/deciding/bot-reply';
import { defaultConfidenceThresholds } from '../src/bot/deciding/confidence';
import { fuseCandidates } from '../src/bot/retrieving/fusion';
import { defaultPairDecision, pairProbability } from '../src/bot/deciding/pair-decision';
import type {
  ProductTraining,
  QnaTraining,
  WebPageTraining,
} from '../src/bot/retrieving/training-documents';
import { TrainingIndex } from '../src/bot/retrieving/training-index';
import { VectorIndex } from '../src/bot/retrieving/vector-index';
import { meaningWords } from '../src/bot/understanding/meaning-words';
import {
  defaultEncoderDir,
  EncoderLoadError,
  loadSentenceEncoder,
  sharedSentenceEncoder,
  type SentenceEncoder,
} from '../src/bot/understanding/sentence-encoder';

// These tests load the real sentence encoder (api/assets/sentence-encoder).
jest.setTimeout(30_000);

const qnas: QnaTraining[] = [
  {
    id: 'shipping-cost',
    question: 'How much does shipping cost?',
    answer: 'Delivery is free on orders over 50 euros; below that it costs 4.95 euros.',
    topicIds: ['Shipping'],
  },
  {
    id: 'returns',
    question: 'How do I return an item?',
    answer: 'Start a return under My orders within 30 days and print the free label.',
    topicIds: ['Returns'],
  },
  {
    id: 'password',
    question: 'How do I reset my password?',
    answer: 'Choose Forgot password on the sign-in page and follow the link we e-mail you.',
    topicIds: ['Account'],
  },
  {
    id: 'payment-methods',
    question: 'Which payment methods do you accept?',
    answer: 'We accept Visa, Mastercard, PayPal and bank transfer.',
    topicIds: ['Payments'],
  },
  {
    id: 'shipping-time',
    question: 'How long does shipping take?',
    answer: 'Orders leave our warehouse the next working day and arrive within 2 to 4 days.',
    topicIds: ['Shipping'],
  },
  {
    id: 'opening-hours',
    question: 'When is your store open?',
    answer: 'Our Amsterdam store is open Monday to Saturday from 9:00 to 18:00.',
    topicIds: ['Stores'],
  },
];

const products: ProductTraining[] = [
  {
    id: 'trail-29',
    sku: 'TB-29',
    name: 'Trailblazer 29',
    description: 'A hardtail mountain bike with 29-inch wheels and a front suspension fork.',
    status: 'active',
    price: 899,
    stock: 12,
    currency: 'EUR',
  },
  {
    id: 'city-lamp',
    sku: 'LMP-1',
    name: 'Lumen Pro',
    description: 'A rechargeable LED headlight that clips onto any handlebar.',
    status: 'active',
    price: 39,
    stock: 40,
    currency: 'EUR',
  },
];

const pages: WebPageTraining[] = [
  {
    id: 'site:https://shop.example/warranty',
    url: 'https://shop.example/warranty',
    title: 'Warranty',
    passages: [
      {
        headings: ['Frames'],
        text: 'Every frame we sell is guaranteed against manufacturing defects for ten years.',
      },
    ],
  },
];

let encoder: SentenceEncoder;
beforeAll(async () => {
  encoder = await sharedSentenceEncoder();
});

async function vectorsOf(items: Parameters<typeof TrainingIndex.textsToEmbed>[0]) {
  const texts = TrainingIndex.textsToEmbed(items);
  const vectors = await encoder.embed(texts);
  return new Map(texts.map((text, n) => [text, vectors[n]!]));
}

async function meaningIndex(): Promise<TrainingIndex> {
  const index = new TrainingIndex({ dimensions: encoder.dimensions });
  index.upsertQnas(qnas, await vectorsOf({ qnas }));
  return index;
}

async function queryOf(text: string): Promise<Float32Array> {
  return (await encoder.embed([text]))[0]!;
}

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, d) => sum + x * b[d]!, 0);

describe('the sentence encoder', () => {
  it('gives unit vectors that put a paraphrase closer than an unrelated question', async () => {
    const [asked, paraphrase, unrelated] = await encoder.embed([
      'when will my parcel get here?',
      'How long does shipping take?',
      'How do I reset my password?',
    ]);
    expect(encoder.dimensions).toBe(384);
    expect(cosine(asked!, asked!)).toBeCloseTo(1, 4);
    expect(cosine(asked!, paraphrase!)).toBeGreaterThan(cosine(asked!, unrelated!) + 0.2);
  });

  it('embeds empty, very long, emoji-only and control-character texts', async () => {
    const vectors = await encoder.embed([
      '',
      'a'.repeat(10_000),
      '😀🎉',
      '\u0000\u200b\u2060',
      'ok',
    ]);
    for (const vector of vectors) {
      expect(vector).toHaveLength(384);
      expect(cosine(vector, vector)).toBeCloseTo(1, 3);
    }
  });

  it('refuses to load a missing or corrupt model, naming the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-encoder-'));
    await expect(loadSentenceEncoder(dir)).rejects.toThrow(path.join(dir, 'model.int8.onnx'));
    for (const file of ['tokenizer.json', 'tokenizer_config.json'])
      copyFileSync(path.join(defaultEncoderDir, file), path.join(dir, file));
    writeFileSync(path.join(dir, 'model.int8.onnx'), 'not a model');
    const loading = loadSentenceEncoder(dir);
    await expect(loading).rejects.toBeInstanceOf(EncoderLoadError);
    await expect(loading).rejects.toThrow(path.join(dir, 'model.int8.onnx'));
  });
});

describe('the vector index', () => {
  const unit = (values: number[]) => {
    const vector = Float32Array.from(values);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  };

  it('searches pairs and other documents apart, and forgets removed ones', () => {
    const index = new VectorIndex(3);
    index.upsert('qna:a', { key: unit([1, 0, 0]), body: unit([1, 1, 0]) });
    index.upsert('qna:b', { key: unit([0, 1, 0]), body: unit([0, 1, 0]) });
    index.upsert('product:c', { body: unit([1, 0, 0]) });
    index.upsert('product:no-vector', {});
    const [first] = index.search(unit([1, 0, 0]), 5, 'pairs');
    expect(first).toMatchObject({ key: 'qna:a', keySimilarity: expect.closeTo(1, 1) });
    expect(index.search(unit([1, 0, 0]), 5, 'others').map((hit) => hit.key)).toEqual(['product:c']);
    index.remove('qna:a');
    expect(index.search(unit([1, 0, 0]), 5, 'pairs').map((hit) => hit.key)).toEqual(['qna:b']);
  });

  it('finds the nearest of many documents through the signs of their vectors', () => {
    let state = 7;
    const random = () => ((state = (state * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const index = new VectorIndex(64);
    const vectors = Array.from({ length: 5_000 }, () => unit(Array.from({ length: 64 }, random)));
    vectors.forEach((body, n) => index.upsert(`webpage:p#${n}`, { body }));
    const query = vectors[1234]!.map((value, d) => value + (d % 2 ? 0.05 : -0.05));
    const [best] = index.search(unit([...query]), 3, 'others');
    expect(best!.key).toBe('webpage:p#1234');
  });
});

describe('finding training by meaning', () => {
  it('fuses both retrievers into one ranking whose shares add up to 1', async () => {
    const index = await meaningIndex();
    const asked = 'what do you charge for postage';
    const candidates = fuseCandidates(
      index,
      await queryOf(asked),
      index.find(asked, { limit: 10 }).hits,
    );
    expect(candidates[0]!.id).toBe('shipping-cost');
    expect(candidates.reduce((sum, candidate) => sum + candidate.share, 0)).toBeCloseTo(1, 5);
    expect(candidates[0]!.score).toBeGreaterThanOrEqual(candidates[1]!.score);
  });

  it('counts pairs that give one answer as one candidate, its closest wording', async () => {
    const index = await meaningIndex();
    const asked = 'I forgot my password, what now?';
    const query = await queryOf(asked);
    const fuse = () => fuseCandidates(index, query, index.find(asked, { limit: 10 }).hits);
    const [alone] = fuse();
    expect(alone!.id).toBe('password');
    // Another wording of the same question, saved with the same answer (differently spaced).
    const answer = qnas.find(({ id }) => id === 'password')!.answer;
    const wording = {
      id: 'password-forgotten',
      question: 'I forgot my password',
      answer: `  ${answer.toUpperCase().replace(/ /g, '  ')}`,
      topicIds: [],
    };
    index.upsertQnas([wording], await vectorsOf({ qnas: [wording] }));
    const candidates = fuse();
    const wordings = candidates.filter(({ id }) => id.startsWith('password'));
    expect(wordings).toHaveLength(1);
    expect(candidates[0]!.id).toBe(wordings[0]!.id);
    expect(candidates.reduce((sum, candidate) => sum + candidate.share, 0)).toBeCloseTo(1, 5);
  });

  it('trusts a candidate more the more it stands out', () => {
    const candidate = (share: number) => ({
      id: 'x',
      score: 5,
      share,
      features: {
        lexicalRelevance: 1,
        lexicalCoverage: 0.8,
        keySimilarity: 0.5,
        lexicalRank: 1,
        lexicalTrusted: 1,
        questionVector: 0.8,
        answerVector: 0.5,
        vectorRank: 1,
        vectorLead: 0.2,
      },
    });
    const next = { ...candidate(0.1), score: 3 };
    expect(pairProbability(candidate(0.95), next, 2)).toBeGreaterThan(
      pairProbability(candidate(0.3), next, 2),
    );
    expect(defaultPairDecision.threshold).toBeGreaterThan(0.2);
  });

  it("measures a question's information in words the training never uses", async () => {
    const index = await meaningIndex();
    const information = (text: string) => index.information(text);
    expect(meaningWords("Hi, what's the customer's refund policy?")).toEqual([
      'customer',
      'refund',
      'policy',
    ]);
    // Words no pair holds weigh one each, whatever the size of the training.
    expect(information('zeppelin hovercraft')).toBeCloseTo(2, 5);
    // Words the training holds weigh less, and stop words nothing.
    expect(information('shipping')).toBeGreaterThan(0);
    expect(information('shipping')).toBeLessThan(1);
    expect(information('how do I')).toBe(0);
    expect(information('how much does shipping cost to the zeppelin')).toBeGreaterThan(
      information('how much does shipping cost'),
    );
  });

  it('finds the pair of a paraphrase that shares no content word with it', async () => {
    const index = await meaningIndex();
    // Answered at once when the decision is sure of it…
    const answered = 'how many days until my order is delivered?';
    expect(decideReply(index, answered, await queryOf(answered)).reply).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'qna', id: 'shipping-time' }],
    });
    // …and offered alone ("Did you mean…") when it is likely but not sure.
    const asked = 'when will my parcel get here?';
    const decision = decideReply(index, asked, await queryOf(asked));
    expect(decision.best).toEqual({ kind: 'qna', id: 'shipping-time' });
    expect(decision.reply).toMatchObject({
      kind: 'suggestions',
      suggestions: [{ pairId: 'shipping-time' }],
    });
  });

  it('hands over a question no training answers', async () => {
    const index = await meaningIndex();
    const asked = 'Do you sell insurance for electric scooters?';
    const unknown = decideReply(index, asked, await queryOf(asked));
    expect(unknown.reply).toMatchObject({ kind: 'handoff', reason: 'not-confident' });
  });

  it('finds a product asked for by what it is, not by its name, and a page passage likewise', async () => {
    const index = await meaningIndex();
    const known = await vectorsOf({ products, pages });
    index.upsertProducts(products, known);
    index.upsertWebPages(pages, known);
    const product = 'do you have a mountain bike for forest trails?';
    expect(decideReply(index, product, await queryOf(product)).reply).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'product', id: 'trail-29' }],
    });
    // A looser wording still finds it first. Whether it is also sure enough to answer sits at the
    // thresholds' edge: the same code and runtime answered it on one machine and handed it over
    // on another (coverage 0.36 against 0.45; the int8 kernels differ by processor), so only the
    // finding is asserted.
    const looser = 'do you have a bike for riding on forest trails with big wheels?';
    expect(decideReply(index, looser, await queryOf(looser)).best).toMatchObject({
      kind: 'product',
      id: 'trail-29',
    });
    const page = 'how long is the guarantee on a bicycle frame?';
    expect(decideReply(index, page, await queryOf(page)).reply).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'webpage', id: 'site:https://shop.example/warranty' }],
      sourceLink: { url: 'https://shop.example/warranty' },
    });
  });

  it('answers or hands over odd questions, never failing', async () => {
    const index = await meaningIndex();
    for (const asked of [
      '',
      'x'.repeat(10_000),
      '😀😀😀',
      'Wie lange dauert der Versand?',
      '\u0000\u0007\u200b',
    ]) {
      const { reply } = decideReply(index, asked, await queryOf(asked));
      expect(['answer', 'handoff', 'suggestions']).toContain(reply.kind);
    }
  });
  it('answers a taught question and hands over one no pair answers', async () => {
    const index = await meaningIndex();
    const asked = 'How do I reset my password please?';
    const answered = decideReply(index, asked, await queryOf(asked));
    expect(answered.reply).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'qna', id: 'password' }],
    });
    expect(answered.confidence).toBeGreaterThan(defaultPairDecision.threshold);
  });

  it("answers a pair's own question, however little else trusts it, unless two pairs ask it", async () => {
    // A decision that trusts nothing (nor suggests): only the taught-question rule can answer.
    const distrustful = {
      ...defaultMeaningSettings,
      decision: { ...defaultMeaningSettings.decision, threshold: 2 },
      suggestThreshold: 2,
    };
    const index = await meaningIndex();
    const zone = { id: 'zone-2', question: 'Do you ship to zone 2?', answer: 'Yes, in 3 days.' };
    index.upsertQnas([{ ...zone, topicIds: [] }]);
    const decide = async (text: string) =>
      decideReply(index, text, await queryOf(text), defaultConfidenceThresholds, distrustful).reply;
    for (const asked of ['How do I return an item?', 'how do i return items'])
      expect(await decide(asked)).toMatchObject({ kind: 'answer', sources: [{ id: 'returns' }] });
    expect(await decide('do you ship to zone 2')).toMatchObject({ sources: [{ id: 'zone-2' }] });
    expect(await decide('Do you ship to zone 3?')).toMatchObject({ kind: 'handoff' });
    expect(await decide('How do I return an item and reset my password?')).toMatchObject({
      kind: 'handoff',
    });

    index.upsertQnas([
      { id: 'returns-2', question: 'Can I return an item?', answer: 'Yes.', topicIds: [] },
    ]);
    expect(await decide('How do I return an item?')).toMatchObject({ kind: 'handoff' });
  });
});
