import Papa from 'papaparse';
import { maxQnaImportPairs } from 'shared-sdk';
import {
  aiTrainingQnaImportPairSchema,
  type AiTrainingQna,
  type AiTrainingQnaImportPair,
} from 'shared-sdk/schemas';

/** The file's columns, by header (any case, any order; other columns are ignored). */
export const csvColumns = { question: 'question', answer: 'answer', topics: 'topics' } as const;

export interface ImportRow {
  /** The row's line in the file, the header being line 1. */
  line: number;
  pair: AiTrainingQnaImportPair;
  /** What is wrong with it, each naming its field; empty when the row can be imported. */
  errors: string[];
}

export type ParsedCsv =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; reason: 'empty' | 'columns' | 'tooMany'; columns?: string[] };

/** Topics in one cell: "Delivery, Returns" (commas, semicolons or bars between them). */
const splitTopics = (cell: string) =>
  cell
    .split(/[,;|]/)
    .map((topic) => topic.trim())
    .filter((topic) => topic !== '');

// The export guards cells a spreadsheet would run as a formula with a leading quote; reading
// the file back takes it off, so an exported file imports as it was.
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads a CSV of pairs (question, answer, topics) and checks each row with the schema the API
 * imports with, so the preview shows every row's problems before anything is sent.
 */
export function parseQnasCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...records] = parsed.data;
  if (!header || records.length === 0) return { ok: false, reason: 'empty' };
  const names = header.map((name) => name.trim().toLowerCase());
  const index = {
    question: names.indexOf(csvColumns.question),
    answer: names.indexOf(csvColumns.answer),
    topics: names.indexOf(csvColumns.topics),
  };
  if (index.question < 0 || index.answer < 0) {
    return { ok: false, reason: 'columns', columns: header };
  }
  if (records.length > maxQnaImportPairs) return { ok: false, reason: 'tooMany' };

  // Papaparse reports a broken row (an unclosed quote, a stray field count) by its record.
  const broken = new Map(
    parsed.errors
      .filter((error) => error.row !== undefined && error.row > 0)
      .map((error) => [error.row! - 1, error.message]),
  );
  const rows = records.map((record, position): ImportRow => {
    const cell = (at: number) => (at < 0 ? '' : unguard(record[at] ?? ''));
    const pair = {
      question: cell(index.question),
      answer: cell(index.answer),
      topicIds: splitTopics(cell(index.topics)),
    };
    const checked = aiTrainingQnaImportPairSchema.safeParse(pair);
    const errors = checked.success
      ? []
      : checked.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    const problem = broken.get(position);
    return {
      line: position + 2,
      pair: checked.success ? checked.data : pair,
      errors: problem ? [problem, ...errors] : errors,
    };
  });
  return { ok: true, rows };
}

/** The pairs as a CSV file that `parseQnasCsv` reads back as they were. */
export function qnasToCsv(qnas: Pick<AiTrainingQna, 'question' | 'answer' | 'topicIds'>[]): string {
  return Papa.unparse(
    {
      fields: [csvColumns.question, csvColumns.answer, csvColumns.topics],
      data: qnas.map((qna) => [qna.question, qna.answer, qna.topicIds.join(', ')]),
    },
    { escapeFormulae: true },
  );
}
