import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadAuthSecret } from '../src/auth/auth-secret';
import {
  hashPassword,
  passwordPolicyProblems,
  verifyAgainstNothing,
  verifyPassword,
} from '../src/auth/passwords';
import { splitDisplayName } from '../src/services/display-name';

const policy = {
  minLength: 6,
  maxLength: 256,
  requireLowercase: false,
  requireUppercase: false,
  requireNumber: false,
  requireSymbol: false,
};

describe('password hashing', () => {
  it('hashes with scrypt at the default cost N = 2^15, salted, and verifies', async () => {
    const hash = await hashPassword('correct horse', 15);
    expect(hash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword('correct horse', 15)).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const cheap = await hashPassword('pässword', 10);
    expect(await verifyPassword('pässword', cheap)).toBe(true);
    // Unicode normalisation: the same text typed either way matches.
    expect(await verifyPassword('pa\u0308ssword', cheap)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain text', 'bcrypt$10$abc', 'scrypt$10$8$1$$']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
    expect(await verifyAgainstNothing('anything', 10)).toBe(false);
  });
});

describe('password policy', () => {
  it('allows a password of the minimum length', () => {
    expect(passwordPolicyProblems('123456', policy)).toEqual([]);
    expect(passwordPolicyProblems('12345', policy)).toEqual(['at least 6 characters']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordPolicyProblems('🔑🔑🔑🔑🔑🔑', policy)).toEqual([]);
  });

  it('names every unmet requirement', () => {
    const strict = {
      ...policy,
      minLength: 10,
      maxLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireNumber: true,
      requireSymbol: true,
    };
    expect(passwordPolicyProblems('ABC', strict)).toEqual([
      'at least 10 characters',
      'a lower-case letter',
      'a digit',
      'a symbol',
    ]);
    expect(passwordPolicyProblems('abcdefghijklm', strict)).toEqual([
      'at most 12 characters',
      'an upper-case letter',
      'a digit',
      'a symbol',
    ]);
    expect(passwordPolicyProblems('Abcdefgh1!', strict)).toEqual([]);
  });
});

describe('splitDisplayName (product-spec.md §5)', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Ada Lovelace King', 'Ada', 'Lovelace King'],
    ['  Ada   Lovelace ', 'Ada', 'Lovelace'],
    ['Cher', 'Cher', ''],
  ])('%j → %j + %j', (displayName, firstName, lastName) => {
    expect(splitDisplayName(displayName)).toEqual({ firstName, lastName });
  });
});

describe('loadAuthSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'parley-secret-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('uses AUTH_SECRET when set, writing nothing', async () => {
    expect(await loadAuthSecret('y'.repeat(32), dir)).toBe('y'.repeat(32));
    await expect(stat(path.join(dir, 'auth-secret'))).rejects.toThrow();
  });

  it('generates a secret once, private to its owner, and keeps it across starts', async () => {
    const [first, concurrent] = await Promise.all([
      loadAuthSecret(undefined, dir),
      loadAuthSecret(undefined, dir),
    ]);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(concurrent).toBe(first);
    expect(await loadAuthSecret(undefined, dir)).toBe(first);
    const file = path.join(dir, 'auth-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(first);
  });
});
