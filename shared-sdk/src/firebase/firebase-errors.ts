import { ApiError } from 'shared-sdk';

// Firebase codes that product-spec.md §8 names differently: the message of the spec's code is shown.
const specCodes: Record<string, string> = {
  'auth/weak-password': 'auth/password-does-not-meet-requirements',
  'auth/invalid-login-credentials': 'auth/invalid-credential',
  'auth/missing-password': 'auth/wrong-password',
  'auth/id-token-expired': 'auth/user-token-expired',
  'auth/id-token-revoked': 'auth/user-token-expired',
};

const statusOf = (code: string) =>
  code === 'auth/user-disabled'
    ? 403
    : code === 'auth/user-token-expired'
      ? 401
      : code === 'auth/network-request-failed'
        ? 0
        : 400;

/**
 * A Firebase SDK failure as the ApiError every page already shows: its `code` keys the product-spec.md §8
 * message (errors.{code}; auth/unknown when there is none), and the codes that end a session
 * end it the same way as Parley's own.
 */
export function toApiError(error: unknown): unknown {
  const raw = (error as { code?: unknown } | null)?.code;
  if (typeof raw !== 'string' || !raw.startsWith('auth/')) return error;
  const code = specCodes[raw] ?? raw;
  const message = error instanceof Error ? error.message : code;
  return new ApiError('FIREBASE', 'firebase/auth', statusOf(code), code, message);
}
