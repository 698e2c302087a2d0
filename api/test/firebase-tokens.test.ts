import './support/esm-only-modules';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import type { CryptoKey, JWTPayload, JWTVerifyGetKey } from 'jose';
import { FirebaseTokens } from '../src/auth/firebase-tokens';

// Production verification of Firebase ID tokens (RS256 against Google's keys), with a key pair
// of the test's own standing in for Google's published ones.
const projectId = 'parley-prod';
const issuer = `https://securetoken.google.com/${projectId}`;
const nowSeconds = 1_800_000_000;
const now = () => new Date(nowSeconds * 1000);

describe('FirebaseTokens (production mode)', () => {
  let privateKey: CryptoKey;
  let otherPrivateKey: CryptoKey;
  let keys: JWTVerifyGetKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
    keys = createLocalJWKSet({ keys: [jwk] });
  });

  const claims = (overrides: JWTPayload = {}): JWTPayload => ({
    iss: issuer,
    aud: projectId,
    sub: 'uid-123',
    iat: nowSeconds - 60,
    exp: nowSeconds + 3540,
    auth_time: nowSeconds - 60,
    email: 'ada@example.com',
    email_verified: true,
    name: 'Ada Lovelace',
    firebase: { sign_in_provider: 'password' },
    ...overrides,
  });
  const sign = (payload: JWTPayload, key: CryptoKey = privateKey, kid = 'key-1') =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  const tokens = () => new FirebaseTokens({ projectId, acceptUnsigned: false, keys, now });

  it('accepts a token signed with the published key and reads its claims', async () => {
    expect(await tokens().verify(await sign(claims()))).toEqual({
      ok: true,
      claims: {
        uid: 'uid-123',
        email: 'ada@example.com',
        emailVerified: true,
        name: 'Ada Lovelace',
        providerId: 'password',
        authTime: nowSeconds - 60,
        issuedAt: nowSeconds - 60,
      },
    });
  });

  it('refuses an expired token as expired', async () => {
    const token = await sign(claims({ iat: nowSeconds - 7200, exp: nowSeconds - 1 }));
    expect(await tokens().verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['another project (audience)', { aud: 'someone-elses-project' }],
    ['another issuer', { iss: 'https://securetoken.google.com/someone-elses-project' }],
    ['an empty subject', { sub: '' }],
    ['a sign-in in the future', { auth_time: nowSeconds + 3600 }],
    ['an issue time in the future', { iat: nowSeconds + 3600 }],
    ['no auth_time', { auth_time: undefined }],
    ['no sign-in provider', { firebase: {} }],
  ])('refuses a token with %s', async (_name, overrides) => {
    expect(await tokens().verify(await sign(claims(overrides)))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a tampered token, one signed by another key, and an unsigned one', async () => {
    const token = await sign(claims());
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify(claims({ sub: 'uid-admin' }))).toString('base64url');
    const refused = { ok: false, reason: 'invalid' };
    expect(await tokens().verify(`${header}.${payload}.${signature}`)).toEqual(refused);
    expect(await tokens().verify(await sign(claims(), otherPrivateKey))).toEqual(refused);
    expect(await tokens().verify(new UnsecuredJWT(claims()).encode())).toEqual(refused);
    expect(await tokens().verify('not a token')).toEqual(refused);
  });

  it('says so when the keys cannot be fetched, instead of refusing or accepting', async () => {
    const unreachable: JWTVerifyGetKey = () => {
      throw new TypeError('fetch failed');
    };
    const verifier = new FirebaseTokens({
      projectId,
      acceptUnsigned: false,
      keys: unreachable,
      now,
    });
    expect(await verifier.verify(await sign(claims()))).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('in emulator mode accepts only unsigned tokens, with the same claim checks', async () => {
    const emulator = new FirebaseTokens({ projectId, acceptUnsigned: true, keys, now });
    expect((await emulator.verify(new UnsecuredJWT(claims()).encode())).ok).toBe(true);
    expect(await emulator.verify(new UnsecuredJWT(claims({ aud: 'other' })).encode())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await emulator.verify(await sign(claims()))).toEqual({ ok: false, reason: 'invalid' });
  });
});
