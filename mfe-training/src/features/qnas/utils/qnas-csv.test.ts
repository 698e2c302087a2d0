import { maxQnaImportPairs } from 'shared-sdk';
import { parseQnasCsv, qnasToCsv } from './qnas-csv';

describe('Q&A CSV', () => {
  it('reads question, answer and topics by header, in any order and case', () => {
    const parsed = parseQnasCsv(
      '\uFEFFTopics,Answer,Question,Notes\n' +
        '"Delivery; Returns","Three to five working days.","How long does delivery take?",x\n' +
        ',"Yes, every brand.",Do you repair e-bikes?,\n',
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          pair: {
            question: 'How long does delivery take?',
            answer: 'Three to five working days.',
            topicIds: ['Delivery', 'Returns'],
          },
          errors: [],
        },
        {
          line: 3,
          pair: { question: 'Do you repair e-bikes?', answer: 'Yes, every brand.', topicIds: [] },
          errors: [],
        },
      ],
    });
  });

  it("names each bad row's line and fields with the API's own messages", () => {
    const parsed = parseQnasCsv('question,answer\nIs it open?,\n,Yes\nGood?,Fine\n');
    expect(parsed.ok && parsed.rows.map(({ line, errors }) => ({ line, errors }))).toEqual([
      { line: 2, errors: ['answer: Please enter the answer'] },
      { line: 3, errors: ['question: Please enter the question'] },
      { line: 4, errors: [] },
    ]);
  });

  it('refuses a file without the columns it needs, an empty one and one too long', () => {
    expect(parseQnasCsv('q,a\nx,y\n')).toEqual({
      ok: false,
      reason: 'columns',
      columns: ['q', 'a'],
    });
    expect(parseQnasCsv('question,answer\n')).toEqual({ ok: false, reason: 'empty' });
    expect(parseQnasCsv('')).toEqual({ ok: false, reason: 'empty' });
    const long = `question,answer\n${'Q?,A.\n'.repeat(maxQnaImportPairs + 1)}`;
    expect(parseQnasCsv(long)).toEqual({ ok: false, reason: 'tooMany' });
  });

  it('exports a file that imports back as it was, formulas made harmless', () => {
    const qnas = [
      {
        question: 'Do you ship abroad?',
        answer: 'Yes, "worldwide",\nin 7 days.',
        topicIds: ['Delivery'],
      },
      { question: '=HYPERLINK("x")', answer: '-5% for members', topicIds: [] },
    ];
    const csv = qnasToCsv(qnas);
    expect(csv.split('\r\n')[0]).toBe('question,answer,topics');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    const parsed = parseQnasCsv(csv);
    expect(parsed.ok && parsed.rows.map((row) => row.pair)).toEqual(qnas);
  });
});
