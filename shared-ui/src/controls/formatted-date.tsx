const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const mediumDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

// A timestamp that does not parse is shown as stored rather than as "Invalid Date".
const format = (formatter: Intl.DateTimeFormat, timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : formatter.format(date);
};

/** A stored timestamp as a calendar date in the reader's time zone ("Mar 4, 2025"). */
export const formatDate = (timestamp: string): string => format(mediumDate, timestamp);

/** A stored timestamp as date and time in the reader's time zone ("Mar 4, 2025, 2:05 PM"). */
export const formatDateTime = (timestamp: string): string => format(mediumDateTime, timestamp);

export function FormattedDate({ timestamp }: { timestamp: string }) {
  return <time dateTime={timestamp}>{formatDate(timestamp)}</time>;
}

export function FormattedDateTime({ timestamp }: { timestamp: string }) {
  return <time dateTime={timestamp}>{formatDateTime(timestamp)}</time>;
}
