import { ApiError } from 'shared-sdk';
import { authErrorMessage } from './auth-error-message';

/**
 * What to tell the user about a failed call: product-spec.md §8's translated text for auth errors (and for a
 * request that never reached the server); the translated text of the error catalogue for another
 * code it has (errors.{code}); else the API's own message, else `unexpected`.
 */
export function apiErrorMessage(
  t: Parameters<typeof authErrorMessage>[0],
  error: unknown,
  unexpected: string,
): string {
  if (!(error instanceof ApiError)) return unexpected;
  if (error.status === 0 || error.code.startsWith('auth/')) return authErrorMessage(t, error);
  // Codes come from the server at run time, so the key cannot be checked at compile time.
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  // The server's words are not a template: only the catalogue's own text goes through i18next.
  const key = `errors.${error.code}`;
  const known = translate(key, { ns: 'common', defaultValue: '' });
  return (known !== key && known) || error.serverMessage || unexpected;
}

/** The API's error code, when the failure is an API answer. */
export const apiErrorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
