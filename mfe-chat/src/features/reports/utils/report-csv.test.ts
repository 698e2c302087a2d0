import type { Report } from 'shared-sdk/schemas';
import { agentsCsv, daysCsv, heatMapCsv } from './report-csv';

const report = {
  days: [
    {
      day: '2026-03-29',
      new: 3,
      resolved: 2,
      resolvedByBot: 1,
      firstResponseMedianSeconds: 59.6,
      resolutionMedianSeconds: null,
      ticketsOpened: 1,
      ticketsClosed: 0,
      ticketsBacklog: 4,
    },
  ],
  agents: [
    {
      userId: 'u1',
      name: '=Eve, "the" agent',
      taken: 2,
      replies: 5,
      firstResponseMedianSeconds: 90,
      resolutionMedianSeconds: 1800,
      averageRating: 4.5,
    },
  ],
  heatMap: Array.from({ length: 7 }, (_, weekday) =>
    Array.from({ length: 24 }, (_, hour) => (weekday === 6 && hour === 0 ? 2 : 0)),
  ),
} as unknown as Report;

describe('the reports’ CSV files', () => {
  it('writes the day table’s figures, whole seconds, empty for no figure', () => {
    expect(daysCsv(report).split('\r\n')[1]).toBe('2026-03-29,3,2,1,60,,1,0,4');
  });

  it('quotes and guards cells a spreadsheet would misread', () => {
    expect(agentsCsv(report).split('\r\n')[1]).toBe(`"'=Eve, ""the"" agent",2,5,90,1800,4.5`);
  });

  it('writes the heat map a weekday per row, an hour per column', () => {
    const lines = heatMapCsv(report).split('\r\n');
    expect(lines[0]!.split(',')).toHaveLength(25);
    expect(lines[7]).toBe(`Sunday,2${',0'.repeat(23)}`);
  });
});
