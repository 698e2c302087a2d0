// One way to write a CSV row, for the reports the page downloads and the per-conversation file
// the API streams: the same cells come out the same way from both.

export type CsvCell = string | number | boolean | null | undefined;

/** A cell a spreadsheet would run as a formula gets a leading quote. */
function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as they are (a negative one is no formula).
  const text = typeof value === 'string' ? guardFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (RFC 4180: CRLF at the end). */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
