import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { repo, ended, startExtraServer, untilHealthy } from './extra-server';

// A server killed with SIGKILL in the middle of a burst of widget messages, then started again
// on the same data: every message it acknowledged (201) is there, and the statistics match the
// rows. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.

// A burst from one address is not what the rate limits are for.
const noLimits = {
  RATE_LIMIT_PER_MINUTE: '100000',
  WIDGET_RATE_LIMIT_PER_MINUTE: '100000',
  WIDGET_WORKSPACE_RATE_LIMIT_PER_MINUTE: '100000',
};

// One at a time: each starts servers of its own, and two at once starve the embedded one.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const post = (base: string, url: string, body: unknown, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    // A request the killed server had taken may never be answered.
    signal: AbortSignal.timeout(10_000),
  });

/** Each run on its own port, away from the main test server's. */
async function crashMidBurst(port: number, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  const first = startExtraServer(port, { ...env, ...noLimits });
  await untilHealthy(port, first);
  const signup = await post(base, '/api/auth/signup', {
    email: `crash-${randomUUID()}@example.com`,
    password: 'Harbor-lights-7',
    displayName: 'Crash Test',
    website: 'https://crash.example',
  });
  expect(signup.status).toBe(201);
  const { idToken } = (await signup.json()) as { idToken: string };
  const workspaces = (await (
    await fetch(`${base}/api/user/workspaces`, { headers: { authorization: `Bearer ${idToken}` } })
  ).json()) as { workspaceId: string }[];
  const session = (await (
    await post(base, '/api/widget/sessions', { workspaceId: workspaces[0]!.workspaceId })
  ).json()) as { visitorToken: string };

  // Four senders at once; the server is killed once 40 messages are acknowledged.
  const acknowledged: string[] = [];
  let sent = 0;
  let killed = false;
  const sender = async () => {
    while (!killed && sent < 400) {
      sent += 1;
      const clientId = `burst-${String(sent).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
      const response = await post(
        base,
        '/api/widget/messages',
        { content: `Message ${sent}`, clientId },
        session.visitorToken,
      ).catch(() => null);
      const message = response?.status === 201 ? await response.json().catch(() => null) : null;
      if (message) {
        acknowledged.push((message as { id: string }).id);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          first.kill('SIGKILL');
        }
      }
    }
  };
  await Promise.all([sender(), sender(), sender(), sender()]);
  await ended(first);
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);

  const second = startExtraServer(port, { ...env, ...noLimits });
  try {
    await untilHealthy(port, second);
    const stored = (await (
      await fetch(`${base}/api/widget/messages`, {
        headers: { authorization: `Bearer ${session.visitorToken}` },
      })
    ).json()) as { messages: { id: string }[] };
    const storedIds = new Set(stored.messages.map((message) => message.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
  } finally {
    second.kill('SIGTERM');
    await ended(second);
  }

  const check = spawnSync('node', ['api/dist/cli/check-statistics.js'], {
    cwd: repo,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(check.stdout).toContain('Statistics match the rows.');
  expect(check.status).toBe(0);
}

test('acknowledged messages survive a SIGKILL mid-burst (embedded database)', async () => {
  await crashMidBurst(3194, { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-crash-')) });
});

test('acknowledged messages survive a SIGKILL mid-burst (PostgreSQL)', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, 'TEST_DATABASE_URL is not set');
  const name = `parley_crash_${randomUUID().replace(/-/g, '')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    await crashMidBurst(3195, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-crash-pg-')),
      DATABASE_URL: url.toString(),
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
