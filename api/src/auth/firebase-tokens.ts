import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, UnsecuredJWT } from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';

/** Google's published keys for Firebase ID tokens (the JWKS form of the x509 certificates). */
export const firebaseTokenKeysUrl =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** What a verified Firebase ID token says about its user. */
export interface FirebaseTokenClaims {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** firebase.sign_in_provider: 'password', 'google.com', … */
  providerId: string;
  /** Seconds since the epoch: when the user last entered credentials. */
  authTime: number;
  issuedAt: number;
}

export type FirebaseVerifyResult =
  | { ok: true; claims: FirebaseTokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' | 'unavailable' };

export interface FirebaseTokenOptions {
  projectId: string;
  /**
   * The Auth emulator signs nothing (alg "none"). Its tokens are accepted only when it is
   * configured, and then only they: in production an unsigned token is anyone's to write.
   */
  acceptUnsigned: boolean;
  /** Where the signing keys come from; Google's published keys unless a test brings its own. */
  keys?: JWTVerifyGetKey;
  now: () => Date;
}

// A server whose clock is slightly behind Google's must not refuse a token just minted.
const clockToleranceSeconds = 5;

/** Verifies Firebase ID tokens the way the Admin SDK does: RS256, audience, issuer, times, sub. */
export class FirebaseTokens {
  private readonly keys: JWTVerifyGetKey;
  private readonly issuer: string;

  constructor(private readonly options: FirebaseTokenOptions) {
    // jose caches the key set and fetches it again at most every 30 s for an unknown key id,
    // which is how Google's key rotation is picked up.
    this.keys =
      options.keys ??
      createRemoteJWKSet(new URL(firebaseTokenKeysUrl), {
        cacheMaxAge: 60 * 60 * 1000,
        timeoutDuration: 10_000,
      });
    this.issuer = `https://securetoken.google.com/${options.projectId}`;
  }

  async verify(token: string): Promise<FirebaseVerifyResult> {
    const checks = {
      issuer: this.issuer,
      audience: this.options.projectId,
      currentDate: this.options.now(),
      requiredClaims: ['sub', 'iat', 'exp', 'auth_time'],
    };
    let payload: JWTPayload;
    try {
      // The emulator issues only unsigned tokens, and production only RS256 ones: each mode
      // accepts its own kind, so a development setting cannot weaken production's check.
      const { alg } = decodeProtectedHeader(token);
      if (this.options.acceptUnsigned) {
        if (alg !== 'none') return { ok: false, reason: 'invalid' };
        payload = UnsecuredJWT.decode(token, checks).payload;
      } else {
        payload = (await jwtVerify(token, this.keys, { ...checks, algorithms: ['RS256'] })).payload;
      }
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      if (err instanceof errors.JWKSTimeout) return { ok: false, reason: 'unavailable' };
      if (err instanceof errors.JOSEError) return { ok: false, reason: 'invalid' };
      // Google's keys could not be fetched: the token can be neither accepted nor refused.
      if (this.fetchingKeysFailed(err)) return { ok: false, reason: 'unavailable' };
      // Anything else is a token that does not even parse.
      return { ok: false, reason: 'invalid' };
    }
    return this.readClaims(payload);
  }

  /** fetch's own failure (a TypeError, of whichever realm), as jose passes it on. */
  private fetchingKeysFailed(err: unknown): boolean {
    return err instanceof Error && err.name === 'TypeError' && err.message === 'fetch failed';
  }

  private readClaims(payload: JWTPayload): FirebaseVerifyResult {
    const nowSeconds = this.options.now().getTime() / 1000 + clockToleranceSeconds;
    const { sub, iat, auth_time: authTime, email, email_verified: emailVerified, name } = payload;
    const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof iat !== 'number' || iat > nowSeconds) return { ok: false, reason: 'invalid' };
    if (typeof authTime !== 'number' || authTime > nowSeconds) {
      return { ok: false, reason: 'invalid' };
    }
    const providerId = firebase?.sign_in_provider;
    if (typeof providerId !== 'string' || providerId.length === 0) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: {
        uid: sub,
        email: typeof email === 'string' ? email : null,
        emailVerified: emailVerified === true,
        name: typeof name === 'string' ? name : null,
        providerId,
        authTime,
        issuedAt: iat,
      },
    };
  }
}
