import { promises as dns } from 'node:dns';
import { authenticate } from 'mailauth';

/** A domain's DNS answers are asked once in this long: one sender's many mails ask once. */
const cacheMs = 5 * 60_000;
const maxCached = 10_000;
const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

const resolver = new dns.Resolver({ timeout: 2000, tries: 1 });

/**
 * What mailauth asks DNS with: `dns.resolve`'s shape (TXT answers are arrays of strings). The
 * system's resolver by default; a server or a test may give its own.
 */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

/** dns.resolve, remembered for a while (failures too: a domain without records stays so). */
export function cachedResolve(name: string, rrtype: string): Promise<unknown> {
  const key = `${rrtype} ${name.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.answer;
  if (cache.size >= maxCached) cache.clear();
  const answer = resolver.resolve(name, rrtype);
  answer.catch(() => undefined);
  cache.set(key, { at: Date.now(), answer });
  return answer;
}

export interface MailSession {
  /** The sending server's address; unknown for mail posted over HTTP. */
  ip?: string;
  helo?: string;
  /** MAIL FROM. */
  sender?: string;
}

interface Verdict {
  status?: { result?: string };
}

/**
 * SPF, DKIM and DMARC of a received mail (mailauth): which of them the sender failed, e.g.
 * "SPF fail, DMARC fail", or null when none failed. A check that could not be made (no DNS, no
 * records) is no failure: only a sender shown to be wrong is marked.
 */
export async function mailAuthFailure(
  raw: Buffer,
  session: MailSession,
  resolver: DnsResolver = cachedResolve,
): Promise<string | null> {
  try {
    const result = (await authenticate(raw, {
      ip: session.ip,
      helo: session.helo,
      sender: session.sender,
      mta: 'parley',
      disableArc: true,
      disableBimi: true,
      resolver,
    })) as { spf?: Verdict | false; dkim?: { results?: Verdict[] }; dmarc?: Verdict | false };
    const failed: string[] = [];
    if (session.ip && result.spf && result.spf.status?.result === 'fail') failed.push('SPF fail');
    if (result.dkim?.results?.some((entry) => entry.status?.result === 'fail')) {
      failed.push('DKIM fail');
    }
    if (result.dmarc && result.dmarc.status?.result === 'fail') failed.push('DMARC fail');
    return failed.length > 0 ? failed.join(', ') : null;
  } catch {
    return null;
  }
}
