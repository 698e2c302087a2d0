// Articles carry a calendar date (YYYY-MM-DD); read in UTC it stays the same day everywhere.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatPublishedDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

export function PublishedDate({ isoDate }: { isoDate: string }) {
  return <time dateTime={isoDate}>{formatPublishedDate(isoDate)}</time>;
}
