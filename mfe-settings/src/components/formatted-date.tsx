const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A stored timestamp as a calendar date in the reader's time zone ("Mar 4, 2025"). */
export function formatDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : mediumDate.format(date);
}

export function FormattedDate({ timestamp }: { timestamp: string }) {
  return <time dateTime={timestamp}>{formatDate(timestamp)}</time>;
}
