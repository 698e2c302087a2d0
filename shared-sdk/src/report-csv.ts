import type { ReportConversation } from './schemas/reports';
import { csvLine } from './csv-lines';

/** The per-conversation CSV's header: what the support leads asked for, in that order. */
export const reportConversationCsvHeader = csvLine([
  'id',
  'created',
  'channel',
  'customer',
  'assignee',
  'first_response_seconds',
  'resolution_seconds',
  'rating',
  'resolved_by_bot',
]);

/** Seconds rounded to whole ones: a spreadsheet sums them. */
const wholeSeconds = (value: number | null) => (value === null ? null : Math.round(value));

/** One conversation as a line of the per-conversation CSV. */
export function reportConversationCsvLine(row: ReportConversation): string {
  return csvLine([
    row.id,
    row.createdAt,
    row.channel,
    row.customer,
    row.assignee,
    wholeSeconds(row.firstResponseSeconds),
    wholeSeconds(row.resolutionSeconds),
    row.rating,
    row.resolvedByBot,
  ]);
}
