import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const issuer = 'parley';
const audience = 'parley-api';
const algorithm = 'HS256';
/** Verified tokens kept before the cache starts again from empty (a bound, not an expected size). */
const maxVerified = 10_000;

export interface AccessTokenClaims {
  userId: string;
  /** The refresh-token family (the sign-in) the token belongs to. */
  sessionId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies the short-lived access tokens (JWT, HS256) against the app's clock. */
export class AccessTokens {
  /** Imported once: jose would import raw key bytes again on every verification (~60 µs). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens verified already, with their expiry (seconds): a client presents the same token on
   * every request until it refreshes it, and checking its signature and claims each time was an
   * eighth of an authenticated read's CPU. Only tokens that verified are kept, so a forged one
   * costs a full check every time and never takes a place.
   */
  private verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly now: () => Date,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: string, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: algorithm })
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(await this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known) {
      // jose's test: a token is expired from its `exp` second on.
      if (known.expiresAt > Math.floor(this.now().getTime() / 1000)) {
        return { ok: true, claims: known.claims };
      }
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [algorithm],
        issuer,
        audience,
        currentDate: this.now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      const claims = { userId: payload.sub, sessionId: payload.sid, issuedAt: payload.iat ?? 0 };
      if (this.verified.size >= maxVerified) this.verified = new Map();
      this.verified.set(token, { claims, expiresAt: payload.exp ?? 0 });
      return { ok: true, claims };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      if (err instanceof errors.JOSEError) return { ok: false, reason: 'invalid' };
      throw err;
    }
  }
}
