import { decideReply, defaultMeaningSettings } from '../src/bot/bot-reply';
import { defaultConfidenceThresholds } from '../src/bot/confidence';
import { fuseCandidates } from '../src/bot/fusion';
import { defaultPairDecision, pairProbability } from '../src/bot/pair-decision';
import { meaningWords, normalise, sentenceVector } from '../src/bot/sentence-vectors';
import type { QnaTraining } from '../src/bot/training-documents';
import { TrainingIndex } from '../src/bot/training-index';
import { softCoverage, WordCloseness } from '../src/bot/word-alignment';
import { loadWordVectors, parseWordVectors } from '../src/bot/word-vectors';

/** A PWV1 table as api/scripts/derive-word-vectors.mjs writes it. */
function table(rows: Record<string, number[]>): Buffer {
  const words = Object.keys(rows);
  const dimensions = rows[words[0]!]!.length;
  const wordBytes = Buffer.from(words.join('\n'));
  const scalesAt = 16 + Math.ceil(wordBytes.length / 4) * 4;
  const valuesAt = scalesAt + 4 * words.length;
  const file = Buffer.alloc(valuesAt + words.length * dimensions);
  file.write('PWV1', 0, 'ascii');
  file.writeUInt32LE(words.length, 4);
  file.writeUInt32LE(dimensions, 8);
  file.writeUInt32LE(wordBytes.length, 12);
  wordBytes.copy(file, 16);
  words.forEach((word, n) => {
    file.writeFloatLE(0.01, scalesAt + 4 * n);
    rows[word]!.forEach((value, d) => file.writeInt8(value, valuesAt + n * dimensions + d));
  });
  return file;
}

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
    id: 'opening-hours',
    question: 'When is your store open?',
    answer: 'Our Amsterdam store is open Monday to Saturday from 9:00 to 18:00.',
    topicIds: ['Stores'],
  },
];

function meaningIndex(): TrainingIndex {
  const index = new TrainingIndex({ wordVectors: loadWordVectors() });
  index.upsertQnas(qnas);
  return index;
}

describe('word vectors', () => {
  it('reads a table: ranks, unit-length cosines, and vectors added by weight', () => {
    const vectors = parseWordVectors(
      table({ cat: [100, 0, 0], kitten: [90, 40, 0], car: [0, 0, 120] }),
    );
    expect(vectors.size).toBe(3);
    expect(vectors.rank('kitten')).toBe(1);
    expect(vectors.rank('dog')).toBe(-1);
    expect(vectors.similarity('cat', 'cat')).toBeCloseTo(1, 5);
    expect(vectors.similarity('cat', 'kitten')).toBeCloseTo(90 / Math.hypot(90, 40), 5);
    expect(vectors.similarity('cat', 'car')).toBeCloseTo(0, 5);
    expect(vectors.similarity('cat', 'dog')).toBeUndefined();
    const sum = new Float32Array(3);
    expect(vectors.addTo(sum, 'car', 2)).toBe(true);
    expect(vectors.addTo(sum, 'dog', 2)).toBe(false);
    expect([...sum]).toEqual([0, 0, 2]);
  });

  it('rejects a file that is not a whole table', () => {
    expect(() => parseWordVectors(Buffer.from('nope'))).toThrow('not a PWV1 table');
    const whole = table({ cat: [1, 2], dog: [3, 4] });
    expect(() => parseWordVectors(whole.subarray(0, whole.length - 1))).toThrow('truncated');
  });

  it('ships English words whose vectors put synonyms closer than unrelated words', () => {
    const vectors = loadWordVectors();
    expect(vectors.size).toBeGreaterThan(40_000);
    expect(vectors.dimensions).toBe(100);
    expect(vectors.rank('invoice')).toBeGreaterThan(0);
    expect(vectors.similarity('refund', 'reimbursement')!).toBeGreaterThan(
      vectors.similarity('refund', 'giraffe')! + 0.2,
    );
  });
});

describe('sentence vectors and word alignment', () => {
  it('keeps the words that carry meaning', () => {
    expect(meaningWords("Hi, what's the customer's refund policy?")).toEqual([
      'customer',
      'refund',
      'policy',
    ]);
  });

  it('puts a paraphrase closer than an unrelated sentence', () => {
    const vectors = loadWordVectors();
    const vectorOf = (text: string) =>
      normalise(sentenceVector(vectors, meaningWords(text), () => 1));
    const cosine = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, x, d) => sum + x * b[d]!, 0);
    const asked = vectorOf('what does postage cost');
    expect(cosine(asked, vectorOf('shipping price'))).toBeGreaterThan(
      cosine(asked, vectorOf('reset my password')),
    );
  });

  it('covers a text fully by its own words and barely by unrelated ones', () => {
    const closeness = new WordCloseness(loadWordVectors());
    const weight = () => 1;
    expect(softCoverage(['refunds', 'card'], ['card', 'refund'], closeness, weight)).toBe(1);
    expect(softCoverage(['refund'], ['giraffe', 'violin'], closeness, weight)).toBeLessThan(0.2);
    expect(softCoverage([], ['card'], closeness, weight)).toBe(0);
  });
});

describe('finding pairs by meaning', () => {
  it('ranks by question, reads `also` pairs too, and forgets removed pairs', () => {
    const index = meaningIndex();
    const hits = index.meaning!.search('forgot my login passcode', 2, new Set(['opening-hours']));
    expect(hits[0]!.id).toBe('password');
    expect(hits).toHaveLength(3);
    expect(hits[2]!.id).toBe('opening-hours');
    index.removeQnas(['password']);
    expect(index.meaning!.search('forgot my login passcode', 5).map((hit) => hit.id)).not.toContain(
      'password',
    );
  });

  it('fuses both retrievers into one ranking whose shares add up to 1', () => {
    const index = meaningIndex();
    const candidates = fuseCandidates(
      index,
      'what do you charge for postage',
      index.find('what do you charge for postage', { limit: 10 }).hits,
    );
    expect(candidates[0]!.id).toBe('shipping-cost');
    expect(candidates.reduce((sum, candidate) => sum + candidate.share, 0)).toBeCloseTo(1, 5);
    expect(candidates[0]!.score).toBeGreaterThanOrEqual(candidates[1]!.score);
  });

  it('counts pairs that give one answer as one candidate, its closest wording', () => {
    const index = meaningIndex();
    const asked = 'I forgot my password, what now?';
    const fuse = () => fuseCandidates(index, asked, index.find(asked, { limit: 10 }).hits);
    const [alone] = fuse();
    expect(alone!.id).toBe('password');
    // Another wording of the same question, saved with the same answer (differently spaced).
    const answer = qnas.find(({ id }) => id === 'password')!.answer;
    index.upsertQnas([
      {
        id: 'password-forgotten',
        question: 'I forgot my password',
        answer: `  ${answer.toUpperCase().replace(/ /g, '  ')}`,
        topicIds: [],
      },
    ]);
    const candidates = fuse();
    const wordings = candidates.filter(({ id }) => id.startsWith('password'));
    expect(wordings.map(({ id }) => id)).toEqual(['password-forgotten']);
    expect(candidates[0]!.id).toBe('password-forgotten');
    // Its share is not split with the other wording.
    expect(candidates[0]!.share).toBeGreaterThanOrEqual(alone!.share);
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
        questionCovered: 0.8,
        pairCovered: 0.8,
        answerCovers: 0.5,
      },
    });
    const next = { ...candidate(0.1), score: 3 };
    expect(pairProbability(candidate(0.95), next, 2)).toBeGreaterThan(
      pairProbability(candidate(0.3), next, 2),
    );
    expect(defaultPairDecision.threshold).toBeGreaterThan(0.2);
  });

  it("measures a question's information in words the training never uses", () => {
    const index = meaningIndex();
    const information = (text: string) => index.meaning!.information(text);
    // Words no pair holds weigh one each, whatever the size of the training.
    expect(information('zeppelin hovercraft')).toBeCloseTo(2, 5);
    // Words the training holds weigh less, and stop words nothing.
    expect(information('shipping')).toBeGreaterThan(0);
    expect(information('shipping')).toBeLessThan(1);
    expect(information('how do I')).toBe(0);
    expect(information('how much does shipping cost to the zeppelin')).toBeGreaterThan(
      information('how much does shipping cost'),
    );
    index.upsertQnas(
      Array.from({ length: 40 }, (_, n) => ({
        id: `filler-${n}`,
        question: `Question ${n}`,
        answer: 'Filler',
        topicIds: [],
      })),
    );
    expect(information('zeppelin hovercraft')).toBeCloseTo(2, 5);
  });

  it('answers a taught question and hands over one no pair answers', () => {
    const index = meaningIndex();
    const answered = decideReply(index, 'How do I reset my password please?');
    expect(answered.reply).toMatchObject({
      kind: 'answer',
      sources: [{ kind: 'qna', id: 'password' }],
    });
    expect(answered.confidence).toBeGreaterThan(defaultPairDecision.threshold);
    const unknown = decideReply(index, 'Do you sell insurance for electric scooters?');
    expect(unknown.reply).toMatchObject({ kind: 'handoff', reason: 'not-confident' });
  });

  it("answers a pair's own question, however little else trusts it, unless two pairs ask it", () => {
    // A decision that trusts nothing (nor suggests): only the taught-question rule can answer.
    const distrustful = {
      ...defaultMeaningSettings,
      decision: { ...defaultMeaningSettings.decision, threshold: 2 },
      suggestThreshold: 2,
    };
    const index = meaningIndex();
    index.upsertQnas([
      { id: 'zone-2', question: 'Do you ship to zone 2?', answer: 'Yes, in 3 days.', topicIds: [] },
    ]);
    const decide = (text: string) =>
      decideReply(index, text, defaultConfidenceThresholds, distrustful).reply;
    for (const asked of ['How do I return an item?', 'how do i return items'])
      expect(decide(asked)).toMatchObject({ kind: 'answer', sources: [{ id: 'returns' }] });
    expect(decide('how do I reset my pasword')).toMatchObject({ sources: [{ id: 'password' }] });
    expect(decide('do you ship to zone 2')).toMatchObject({ sources: [{ id: 'zone-2' }] });
    expect(decide('Do you ship to zone 3?')).toMatchObject({ kind: 'handoff' });
    expect(decide('How do I return an item and reset my password?')).toMatchObject({
      kind: 'handoff',
    });

    index.upsertQnas([
      { id: 'returns-2', question: 'Can I return an item?', answer: 'Yes.', topicIds: [] },
    ]);
    expect(decide('How do I return an item?')).toMatchObject({ kind: 'handoff' });
  });
});
