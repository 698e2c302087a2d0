import type { AuthErrorCode } from 'shared-sdk';
import { HttpError } from '../errors/http-error';

/** product-spec.md §8: an identity failure, answered as `{ error: { code: 'auth/<code>', message } }`. */
export function authError(statusCode: number, code: AuthErrorCode, message: string): HttpError {
  return new HttpError(statusCode, message, { code });
}

export const invalidCredential = () =>
  authError(400, 'auth/invalid-credential', 'The e-mail address or password is incorrect');

export const wrongPassword = () => authError(400, 'auth/wrong-password', 'The password is wrong');

export const userDisabled = () =>
  authError(403, 'auth/user-disabled', 'This account has been disabled');

/** A presented token that cannot be used (expired, revoked, reused, unknown): sign in again. */
export const userTokenExpired = () =>
  authError(401, 'auth/user-token-expired', 'Your session has expired; please sign in again');

export const tooManyRequests = () =>
  authError(429, 'auth/too-many-requests', 'Too many attempts; please try again later');

export const notSignedIn = () => new HttpError(401, 'Please sign in');
