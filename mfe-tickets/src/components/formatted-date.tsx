const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored timestamp as date and time in the reader's time zone ("Mar 4, 2025, 2:05 PM"). */
export function formatDateTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : dateTime.format(date);
}

export function FormattedDateTime({ timestamp }: { timestamp: string }) {
  return <time dateTime={timestamp}>{formatDateTime(timestamp)}</time>;
}
