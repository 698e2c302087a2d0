import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhook } from './webhook-signature';

const secret = 'whsec_test';
const body = '{"id":"d1","event":"webhook.test"}';
const timestamp = 1_700_000_000;
const headersFor = (signature: string, deliveryId = 'd1', at = timestamp) => ({
  'x-parley-delivery': deliveryId,
  'x-parley-timestamp': String(at),
  'x-parley-signature': signature,
});

describe('webhook signatures', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 of the secret, in hex', () => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(signWebhook(secret, timestamp, body)).toBe(`sha256=${expected}`);
    expect(signWebhook(secret, timestamp, Buffer.from(body))).toBe(`sha256=${expected}`);
  });

  it('accepts a fresh, genuine delivery, from Node headers or fetch Headers', () => {
    const headers = headersFor(signWebhook(secret, timestamp, body));
    const now = (timestamp + 10) * 1000;
    expect(verifyWebhook({ secret, headers, body, now })).toEqual({
      ok: true,
      deliveryId: 'd1',
      timestamp,
    });
    expect(verifyWebhook({ secret, headers: new Headers(headers), body, now }).ok).toBe(true);
  });

  it('refuses a changed body, another secret, a stale timestamp and a handled delivery', () => {
    const headers = headersFor(signWebhook(secret, timestamp, body));
    const now = timestamp * 1000;
    const reason = (result: ReturnType<typeof verifyWebhook>) => (result.ok ? 'ok' : result.reason);
    expect(reason(verifyWebhook({ secret, headers, body: `${body} `, now }))).toBe('bad-signature');
    expect(reason(verifyWebhook({ secret: 'other', headers, body, now }))).toBe('bad-signature');
    expect(
      reason(
        verifyWebhook({
          secret,
          headers: { ...headers, 'x-parley-signature': 'sha256=00' },
          body,
          now,
        }),
      ),
    ).toBe('bad-signature');
    expect(reason(verifyWebhook({ secret, headers, body, now: now + 301_000 }))).toBe(
      'stale-timestamp',
    );
    expect(reason(verifyWebhook({ secret, headers, body, now: now - 301_000 }))).toBe(
      'stale-timestamp',
    );
    expect(reason(verifyWebhook({ secret, headers, body, now, seen: new Set(['d1']) }))).toBe(
      'duplicate',
    );
    expect(reason(verifyWebhook({ secret, headers: {}, body, now }))).toBe('missing-headers');
  });

  it('refuses a timestamp changed after signing (a replay made to look fresh)', () => {
    const headers = headersFor(signWebhook(secret, timestamp, body), 'd1', timestamp + 600);
    const result = verifyWebhook({ secret, headers, body, now: (timestamp + 600) * 1000 });
    expect(result).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});
