import { createHash } from 'node:crypto';

/** What Firebase says of the account behind an ID token, beyond the token's own signature. */
export type FirebaseAccountStatus = 'active' | 'disabled' | 'revoked' | 'unavailable';

export type FirebasePasswordCheck = 'ok' | 'wrong' | 'disabled' | 'too-many' | 'unavailable';

export interface FirebaseAccountsOptions {
  apiKey: string;
  /** host:port of the Auth emulator; unset, Google's Identity Toolkit. */
  emulatorHost: string | undefined;
  /** How long one look-up stands for a token (0: every time). */
  checkSeconds: number;
  now: () => Date;
  fetch?: typeof fetch;
}

// Bounds the cache: a busy server keeps the most recent tokens, not every token it ever saw.
const maxCachedTokens = 10_000;

/** The Identity Toolkit's error message is a code, sometimes followed by " : details". */
function errorCode(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? (message.split(/\s*:\s*/)[0] ?? '') : '';
}

/**
 * Calls of the Identity Toolkit REST API that need only the web API key: an ID token's account
 * look-up (a disabled account, or tokens revoked since this one was issued, are only known
 * there) and a password check for re-authentication on the server.
 */
export class FirebaseAccounts {
  private readonly baseUrl: string;
  private readonly cache = new Map<string, { status: FirebaseAccountStatus; until: number }>();
  private readonly fetch: typeof fetch;

  constructor(private readonly options: FirebaseAccountsOptions) {
    this.baseUrl = options.emulatorHost
      ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
      : 'https://identitytoolkit.googleapis.com/v1';
    this.fetch = options.fetch ?? fetch;
  }

  private async post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const url = `${this.baseUrl}/${path}?key=${encodeURIComponent(this.options.apiKey)}`;
    const response = await this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** The account's state for this token; a failed look-up is not cached. */
  async status(idToken: string): Promise<FirebaseAccountStatus> {
    const key = createHash('sha256').update(idToken).digest('base64url');
    const now = this.options.now().getTime();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.status;
    const status = await this.lookUp(idToken);
    if (status !== 'unavailable' && this.options.checkSeconds > 0) {
      this.cache.delete(key);
      this.cache.set(key, { status, until: now + this.options.checkSeconds * 1000 });
      if (this.cache.size > maxCachedTokens) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
    }
    return status;
  }

  private async lookUp(idToken: string): Promise<FirebaseAccountStatus> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.post('accounts:lookup', { idToken });
    } catch {
      return 'unavailable';
    }
    if (answer.status === 200) {
      const users = (answer.body as { users?: { disabled?: boolean }[] } | null)?.users;
      if (!users?.length) return 'revoked';
      return users[0]?.disabled ? 'disabled' : 'active';
    }
    if (answer.status >= 500) return 'unavailable';
    const code = errorCode(answer.body);
    if (code === 'USER_DISABLED') return 'disabled';
    // TOKEN_EXPIRED (revoked since issued), USER_NOT_FOUND (deleted), INVALID_ID_TOKEN.
    return 'revoked';
  }

  /** product-spec.md §5 re-authentication, checked by Firebase itself. */
  async checkPassword(email: string, password: string): Promise<FirebasePasswordCheck> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.post('accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: false,
      });
    } catch {
      return 'unavailable';
    }
    if (answer.status === 200) return 'ok';
    if (answer.status >= 500) return 'unavailable';
    const code = errorCode(answer.body);
    if (code === 'USER_DISABLED') return 'disabled';
    if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') return 'too-many';
    return 'wrong';
  }
}
