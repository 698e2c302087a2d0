// product-spec.md §9: the locale cookie lasts 365 days; the shell reads it before anyone signs in.
export const localeCookieName = 'parley_locale';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function localeCookie(locale: string): string {
  return `${localeCookieName}=${encodeURIComponent(locale)}; max-age=${localeCookieMaxAgeSeconds}; path=/; samesite=lax`;
}

export function writeLocaleCookie(locale: string) {
  document.cookie = localeCookie(locale);
}

export function readLocaleCookie(): string | undefined {
  const prefix = `${localeCookieName}=`;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}
