import type { TFunction } from 'i18next';
import { ApiError } from 'shared-sdk';

/**
 * spec §8: auth errors map by code to the translated message under errors.{code}; a code with
 * no message uses auth/unknown. A request that never reached the server is network-request-failed.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  let code = 'auth/unknown';
  if (error instanceof ApiError) {
    code = error.status === 0 ? 'auth/network-request-failed' : error.code;
  }
  const key = `common:errors.${code}`;
  return t(key, { defaultValue: t('common:errors.auth/unknown') }) as string;
}
