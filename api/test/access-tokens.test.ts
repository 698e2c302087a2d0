import './support/esm-only-modules';
import { AccessTokens } from '../src/auth/access-tokens';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('access tokens', () => {
  let clock: Date;
  const tokens = () => new AccessTokens(secret, 900, () => clock);

  beforeEach(() => {
    clock = new Date('2026-05-01T10:00:00.000Z');
  });

  it('verifies a token it signed, again and again, until it expires', async () => {
    const issuer = tokens();
    const token = await issuer.sign('user-1', 'session-1');
    const claims = { userId: 'user-1', sessionId: 'session-1', issuedAt: 1777629600 };
    expect(await issuer.verify(token)).toEqual({ ok: true, claims });
    clock = new Date('2026-05-01T10:14:59.000Z');
    expect(await issuer.verify(token)).toEqual({ ok: true, claims });
    clock = new Date('2026-05-01T10:15:00.000Z');
    expect(await issuer.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await issuer.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed after signing, even when the original was verified', async () => {
    const issuer = tokens();
    const token = await issuer.sign('user-1', 'session-1');
    await issuer.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2' })).toString(
      'base64url',
    );
    expect(await issuer.verify(`${header}.${otherUser}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new AccessTokens(`${secret}-other`, 900, () => clock).sign('u', 's');
    expect(await tokens().verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
