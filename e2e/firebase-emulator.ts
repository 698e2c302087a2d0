import { spawn } from 'node:child_process';
import path from 'node:path';

// The Firebase Auth emulator of spec §9 on 127.0.0.1:9099 (firebase.json at the root), for the
// specs that sign in with Firebase. firebase-tools runs it in plain Node; a demo- project needs
// no login and no network.
export const emulatorHost = '127.0.0.1:9099';
export const emulatorProjectId = 'demo-parley';
const origin = `http://${emulatorHost}`;
const repo = path.resolve(__dirname, '..');

const isUp = async () =>
  (await fetch(origin, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.ok === true;

/** Starts the emulator unless one already answers; stop() ends only one this call started. */
export async function startAuthEmulator(): Promise<{ stop: () => Promise<void> }> {
  if (await isUp()) return { stop: async () => undefined };
  const child = spawn(
    process.execPath,
    [
      path.join(repo, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      emulatorProjectId,
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
  const deadline = Date.now() + 120_000;
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

export async function clearEmulatorAccounts(): Promise<void> {
  await fetch(`${origin}/emulator/v1/projects/${emulatorProjectId}/accounts`, { method: 'DELETE' });
}

/** The out-of-band code of the last password-reset e-mail the emulator "sent" to `email`. */
export async function latestResetCode(email: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/emulator/v1/projects/${emulatorProjectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .at(-1)?.oobCode;
}
