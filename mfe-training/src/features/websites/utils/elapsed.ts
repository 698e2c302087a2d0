const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Elapsed seconds as a clock shows them: "04:09", or "1:02:09" past an hour. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const clock = `${twoDigits(minutes)}:${twoDigits(seconds % 60)}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}
