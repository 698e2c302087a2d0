import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { signWebhook, verifyWebhook } from './webhook-signature';

// docs/webhooks.md gives receivers a verifier to copy (they have no shared-sdk): it must accept
// what Parley signs and refuse what verifyWebhook refuses, so the guide and the code never drift.

type GuideVerify = (options: {
  secret: string;
  headers: Record<string, string>;
  body: string | Buffer;
  now?: number;
  seen: Set<string>;
}) => { ok: boolean; reason?: string };

function guideVerifier(): GuideVerify {
  const guide = readFileSync(path.resolve(__dirname, '../../docs/webhooks.md'), 'utf8');
  const code = /<!-- verify-webhook[^>]*-->\s*```js\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verify-webhook code block');
  const module = { exports: {} as { verifyParleyWebhook?: GuideVerify } };
  const requireNode = (name: string) => {
    if (name !== 'node:crypto') throw new Error(`the guide's verifier requires ${name}`);
    return crypto;
  };
  vm.runInNewContext(code, { require: requireNode, module, Buffer, Date, Math, Number });
  if (!module.exports.verifyParleyWebhook) throw new Error('the guide exports no verifier');
  return module.exports.verifyParleyWebhook;
}

describe("the receivers' guide (docs/webhooks.md)", () => {
  const verify = guideVerifier();
  const secret = 'whsec_guide';
  const body = JSON.stringify({ id: 'd7', event: 'ticket.created', data: { ticket: { id: 't' } } });
  const timestamp = 1_767_225_600;
  const headers = {
    'x-parley-delivery': 'd7',
    'x-parley-timestamp': String(timestamp),
    'x-parley-signature': signWebhook(secret, timestamp, body),
  };
  const now = timestamp * 1000 + 5000;

  it('accepts a request Parley signed, as verifyWebhook does', () => {
    expect(verify({ secret, headers, body, now, seen: new Set() })).toEqual({
      ok: true,
      deliveryId: 'd7',
    });
    expect(verify({ secret, headers, body: Buffer.from(body), now, seen: new Set() }).ok).toBe(
      true,
    );
    expect(verifyWebhook({ secret, headers, body, now }).ok).toBe(true);
  });

  it('refuses what verifyWebhook refuses, for the same reasons', () => {
    const cases = [
      { headers, body: `${body} `, now },
      { headers: { ...headers, 'x-parley-signature': 'sha256=beef' }, body, now },
      { headers, body, now: now + 6 * 60_000 },
      { headers, body, now, seen: new Set(['d7']) },
      { headers: { 'x-parley-delivery': 'd7' }, body, now },
    ];
    for (const { seen = new Set<string>(), ...input } of cases) {
      const expected = verifyWebhook({ secret, ...input, seen });
      expect(expected.ok).toBe(false);
      expect(verify({ secret, ...input, seen })).toEqual({
        ok: false,
        reason: expected.ok ? 'ok' : expected.reason,
      });
    }
  });
});
