import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Firebase Auth emulator of product-spec.md §9, as firebase.json at the root sets it, on the
 * port of PARLEY_TEST_EMULATOR_PORT when set (9099 otherwise): the end-to-end tests run beside the
 * API tests and set their own, so neither stops or empties the emulator the other is using.
 */
const emulatorPort = Number(process.env.PARLEY_TEST_EMULATOR_PORT ?? 9099);
export const emulatorHost = `127.0.0.1:${emulatorPort}`;
export const emulatorProjectId = 'demo-parley';
const origin = `http://${emulatorHost}`;
const toolkit = `${origin}/identitytoolkit.googleapis.com/v1`;
const repo = path.resolve(__dirname, '../../..');

/** Starting it takes seconds on an idle machine, far longer while other tests load both cores. */
export const emulatorStartTimeoutMs = 120_000;

async function isUp(): Promise<boolean> {
  const response = await fetch(origin, { signal: AbortSignal.timeout(2000) }).catch(() => null);
  return response?.ok === true;
}

/**
 * Starts the Auth emulator (firebase-tools, plain Node; a demo- project needs no login or
 * network) unless one already listens, and resolves once it answers. The returned stop() ends
 * only an emulator this call started.
 */
export async function startAuthEmulator(): Promise<{ stop: () => Promise<void> }> {
  if (await isUp()) return { stop: async () => undefined };
  // firebase.json with this emulator's port.
  const config = JSON.parse(readFileSync(path.join(repo, 'firebase.json'), 'utf8'));
  config.emulators.auth.port = emulatorPort;
  // Its hub and logging on ports of its own beside it, not the defaults (4400, 4500) each instance
  // takes when it finds them free: the API tests and the end-to-end tests start theirs side by
  // side, and two instances looking at the same moment could reach for the same port.
  config.emulators.hub = { host: '127.0.0.1', port: emulatorPort + 1 };
  config.emulators.logging = {
    ...config.emulators.logging,
    host: '127.0.0.1',
    port: emulatorPort + 2,
  };
  const configFile = path.join(
    mkdtempSync(path.join(os.tmpdir(), 'parley-emulator-')),
    'firebase.json',
  );
  writeFileSync(configFile, JSON.stringify(config));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repo, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      emulatorProjectId,
      '--config',
      configFile,
    ],
    {
      cwd: repo,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: '1' },
      stdio: 'ignore',
      detached: true,
    },
  );
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + emulatorStartTimeoutMs;
  while (!(await isUp())) {
    if (exited) throw new Error('The Firebase Auth emulator exited while starting');
    if (Date.now() > deadline) throw new Error('The Firebase Auth emulator did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.on('exit', () => resolve());
        // The CLI runs the emulator in its own process group: end the whole group.
        process.kill(-child.pid!, 'SIGINT');
      }),
  };
}

async function toolkitCall<T>(pathAndQuery: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(`${toolkit}/${pathAndQuery}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(admin ? { authorization: 'Bearer owner' } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`${pathAndQuery}: ${json.error?.message ?? response.status}`);
  return json;
}

export interface EmulatorAccount {
  uid: string;
  idToken: string;
}

/** A password account, signed in: what the browser SDK's createUserWithEmailAndPassword does. */
export async function createEmulatorAccount(
  email: string,
  password: string,
  displayName?: string,
): Promise<EmulatorAccount> {
  const answer = await toolkitCall<{ localId: string; idToken: string }>(
    'accounts:signUp?key=test-api-key',
    { email, password, displayName, returnSecureToken: true },
  );
  return { uid: answer.localId, idToken: answer.idToken };
}

export async function signInEmulatorAccount(email: string, password: string): Promise<string> {
  const answer = await toolkitCall<{ idToken: string }>(
    'accounts:signInWithPassword?key=test-api-key',
    { email, password, returnSecureToken: true },
  );
  return answer.idToken;
}

/**
 * As an admin would in the Firebase console: disable, revoke every token issued so far, or
 * change the e-mail address.
 */
export async function updateEmulatorAccount(
  uid: string,
  change: { disableUser?: boolean; validSince?: string; email?: string },
): Promise<void> {
  await toolkitCall(
    `projects/${emulatorProjectId}/accounts:update`,
    { localId: uid, ...change },
    true,
  );
}

/**
 * Removes every account. Called first thing after the emulator starts, when its first connection
 * was once seen reset (ECONNRESET) though it had answered: a connection that fails is tried again,
 * a few times; an answer of any status is not.
 */
export async function clearEmulatorAccounts(): Promise<void> {
  const url = `${origin}/emulator/v1/projects/${emulatorProjectId}/accounts`;
  for (let attempt = 1; ; attempt++) {
    try {
      await fetch(url, { method: 'DELETE' });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
