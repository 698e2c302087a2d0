import { groupQuestions as groupByVectors, type AskedQuestion } from './question-groups';
import { sharedSentenceEncoder } from '../understanding/sentence-encoder';

const asked = (texts: string[]) =>
  texts.map((text, n) => ({ id: `q${n}`, text, askedAt: new Date(Date.UTC(2026, 0, 1, 0, n)) }));
const texts = (groups: Awaited<ReturnType<typeof groupQuestions>>) =>
  groups.map((group) => group.questions.map((question) => question.text));

/** Groups with the real sentence encoder. */
async function groupQuestions(questions: AskedQuestion[], threshold?: number) {
  const encoder = await sharedSentenceEncoder();
  const vectors = await encoder.embed(questions.map(({ text }) => text));
  return groupByVectors(questions, vectors, threshold);
}

describe('groupQuestions', () => {
  it('puts paraphrases of one question together and keeps other questions apart', async () => {
    const groups = await groupQuestions(
      asked([
        'Do you rent out kayaks?',
        'Is there parking near the store?',
        'do you price match',
        'Can I hire a kayak for the weekend?',
        'where can I park my car',
        'will you match a lower price from another shop',
        'do you repair zippers',
      ]),
    );
    expect(texts(groups)).toEqual([
      ['do you repair zippers'],
      ['will you match a lower price from another shop', 'do you price match'],
      ['where can I park my car', 'Is there parking near the store?'],
      ['Can I hire a kayak for the weekend?', 'Do you rent out kayaks?'],
    ]);
  });

  it('orders groups by their newest question, which stands first in its group', async () => {
    const [first, second] = await groupQuestions(
      asked(['can I pay with paypal', 'is the store open on sunday', 'do you take paypal']),
    );
    expect(first!.questions.map(({ id }) => id)).toEqual(['q2', 'q0']);
    expect(first!.latestAskedAt).toEqual(new Date(Date.UTC(2026, 0, 1, 0, 2)));
    expect(second!.questions.map(({ text }) => text)).toEqual(['is the store open on sunday']);
  });

  it('does not group questions that share only a common subject word', async () => {
    const groups = await groupQuestions(
      asked(['is the store open on sunday', 'do you sell gift cards', 'can I pay with paypal']),
    );
    expect(groups).toHaveLength(3);
  });

  it('keeps questions with no meaningful word alone, and a stricter threshold splits more', async () => {
    expect(await groupQuestions(asked(['??', '!!', 'hmm?']))).toHaveLength(3);
    const pair = asked(['where can I park my car', 'Is there parking near the store?']);
    expect(await groupQuestions(pair)).toHaveLength(1);
    expect(await groupQuestions(pair, 0.99)).toHaveLength(2);
  });

  it('groups nothing into nothing', async () => {
    expect(await groupQuestions([])).toEqual([]);
  });
});
