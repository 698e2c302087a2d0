import MiniSearch from 'minisearch';
import { indexTerm } from '../understanding/english-terms';
import { tokenizeField } from './index-terms';
import { TextIndex } from './text-index';

// The text index scores as MiniSearch does (BM25+, prefix and typo weights): checked against
// MiniSearch itself over documents that all have the same fields, where the two agree exactly.

const boosts = { question: 3, answer: 1 } as const;
type Field = keyof typeof boosts;
const prefix = (term: string) => term.length >= 4;
const fuzzy = (term: string) => term.length >= 6;

const pairs = [
  ['How long does shipping take?', 'Orders ship within two days and arrive in three to five.'],
  ['Do you ship abroad?', 'We ship to every country in the European Union.'],
  ['What does shipping cost?', 'Shipping is free over 50 euros, else 4.90.'],
  ['Can I return a bike?', 'Bikes can be returned within 30 days, unused, in their box.'],
  ['How do I track my order?', 'Every order mail holds a tracking link.'],
  ['Can I change my delivery address?', 'Until the order ships, write to us with the new address.'],
  ['Do you repair bikes?', 'Our workshop repairs every brand; book a slot online.'],
  ['Which payment methods do you take?', 'Cards, PayPal and bank transfer.'],
].map(([question, answer], n) => ({ key: `qna:${n}`, question: question!, answer: answer! }));

function both() {
  const text = new TextIndex<Field>({
    boosts,
    tokenize: tokenizeField,
    processTerm: indexTerm,
    prefix,
    fuzzy,
  });
  const mini = new MiniSearch<(typeof pairs)[number]>({
    idField: 'key',
    fields: Object.keys(boosts),
    tokenize: tokenizeField,
    processTerm: indexTerm,
    searchOptions: {
      tokenize: (query) => query.split(' '),
      processTerm: indexTerm,
      boost: boosts,
      fuzzy: (term) => (fuzzy(term) ? 1 : false),
      prefix,
      combineWith: 'OR',
    },
  });
  for (const pair of pairs) {
    text.add(pair.key, pair);
    mini.add(pair);
  }
  return { text, mini };
}

const questions = [
  'how long does shiping take',
  'ship abroad cost',
  'return bikes',
  'track order delivery address',
  'repair repairs repairing',
  'paypal',
  'nothing here matches',
];

describe('TextIndex', () => {
  it('finds and scores what MiniSearch finds, in the same order, with the same matches', () => {
    const { text, mini } = both();
    for (const question of questions) {
      const ours = [...text.search(question.split(' '))];
      const theirs = mini.search(question);
      expect(ours.map((hit) => hit.id)).toEqual(theirs.map((hit) => hit.id));
      ours.forEach((hit, n) => {
        expect(hit.score).toBeCloseTo(theirs[n]!.score, 9);
        expect(hit.match).toEqual(theirs[n]!.match);
        expect([...hit.queryTerms].sort()).toEqual([...theirs[n]!.queryTerms].sort());
      });
    }
    expect([...text.search(['nothing', 'here'])]).toEqual([]);
  });

  it('forgets a removed document, in its results and in the weights of the others', () => {
    const { text, mini } = both();
    for (const pair of pairs.slice(0, 3)) {
      text.remove(pair.key, pair);
      mini.remove(pair);
    }
    expect(text.size).toBe(pairs.length - 3);
    expect(text.documentsWith(indexTerm('shipping')!)).toBe(1);
    const ours = [...text.search(['shipping', 'address'])];
    const theirs = mini.search('shipping address');
    expect(ours.map((hit) => hit.id)).toEqual(theirs.map((hit) => hit.id));
    expect(ours[0]!.score).toBeCloseTo(theirs[0]!.score, 9);
  });

  it('searches only the groups asked for', () => {
    const text = new TextIndex<Field>({
      boosts,
      tokenize: tokenizeField,
      processTerm: indexTerm,
      prefix,
      fuzzy,
    });
    pairs.forEach((pair, n) => text.add(pair.key, pair, n % 2));
    const ids = [...text.search(['ship', 'bike', 'order'], { groups: new Set([1]) })].map(
      (hit) => hit.id,
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => Number(id.split(':')[1]) % 2 === 1)).toBe(true);
  });

  it('reads past the best few in order when a caller wants more', () => {
    const text = new TextIndex<Field>({
      boosts,
      tokenize: tokenizeField,
      processTerm: indexTerm,
      prefix,
      fuzzy,
    });
    // More documents matching than the best few the search orders first.
    for (let n = 0; n < 300; n++) {
      text.add(`doc:${n}`, { question: `order ${'word '.repeat(n % 7)}`, answer: `ref ${n}` });
    }
    const scores = [...text.search(['order'])].map((hit) => hit.score);
    expect(scores).toHaveLength(300);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
