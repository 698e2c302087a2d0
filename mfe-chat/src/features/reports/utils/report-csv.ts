import { csvLine } from 'shared-sdk';
import type { Report } from 'shared-sdk/schemas';

// Each report's CSV holds the rows of its "View as table", figure for figure (durations in
// seconds, as the API gives them), so a spreadsheet reads what the page showed.

const seconds = (value: number | null) => (value === null ? null : Math.round(value));

export function daysCsv(report: Report): string {
  const header = csvLine([
    'day',
    'new',
    'resolved',
    'resolved_by_bot',
    'first_response_median_seconds',
    'resolution_median_seconds',
    'tickets_opened',
    'tickets_closed',
    'tickets_open_at_end_of_day',
  ]);
  return (
    header +
    report.days
      .map((day) =>
        csvLine([
          day.day,
          day.new,
          day.resolved,
          day.resolvedByBot,
          seconds(day.firstResponseMedianSeconds),
          seconds(day.resolutionMedianSeconds),
          day.ticketsOpened,
          day.ticketsClosed,
          day.ticketsBacklog,
        ]),
      )
      .join('')
  );
}

export function agentsCsv(report: Report): string {
  const header = csvLine([
    'agent',
    'conversations_taken',
    'replies',
    'first_response_median_seconds',
    'resolution_median_seconds',
    'average_rating',
  ]);
  return (
    header +
    report.agents
      .map((agent) =>
        csvLine([
          agent.name,
          agent.taken,
          agent.replies,
          seconds(agent.firstResponseMedianSeconds),
          seconds(agent.resolutionMedianSeconds),
          agent.averageRating,
        ]),
      )
      .join('')
  );
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function heatMapCsv(report: Report): string {
  const header = csvLine(['weekday', ...Array.from({ length: 24 }, (_, hour) => `${hour}:00`)]);
  return (
    header + report.heatMap.map((hours, index) => csvLine([weekdays[index], ...hours])).join('')
  );
}
