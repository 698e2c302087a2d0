import { ApiError } from 'shared-sdk';

type LooseT = (key: string, options?: Record<string, unknown>) => string;
/** Any i18next `t`, whatever namespaces it is typed for. */
type AnyT = (key: never, options: never) => unknown;

/**
 * product-spec.md §8: auth errors map by code to the translated message under errors.{code}; a code with
 * no message uses auth/unknown. A request that never reached the server is network-request-failed.
 */
export function authErrorMessage(t: AnyT, error: unknown): string {
  // Codes come from the server at run time, so the key cannot be checked at compile time.
  const translate = t as unknown as LooseT;
  let code = 'auth/unknown';
  if (error instanceof ApiError) {
    code = error.status === 0 ? 'auth/network-request-failed' : error.code;
  }
  return translate(`errors.${code}`, {
    ns: 'common',
    defaultValue: translate('errors.auth/unknown', { ns: 'common' }),
  });
}
