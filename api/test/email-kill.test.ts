import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startPglite } from '../src/db/pglite-thread';

// A mail answered 250 is kept: the built server (api/dist) is killed with SIGKILL while 200
// mails are being delivered over 10 connections, started again on the same data folder, and
// every mail that got its 250 is there, once; the senders' retries of all 200 then add only the
// ones that were not.

jest.setTimeout(240_000);

const repo = path.resolve(__dirname, '../..');
const server = path.join(repo, 'api/dist/server.js');
const mailCount = 200;

// What is killed is the server `npm start` runs: built here when a fresh checkout has none yet
// (npm test runs jest before the build), or when its sources changed since.
beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { buildNodePackages } from ${JSON.stringify(path.join(repo, 'scripts/workspace.mjs'))};
       await buildNodePackages();`,
    ],
    { stdio: 'inherit' },
  );
}, 240_000);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function start(dataDir: string, port: number, smtpPort: number): ChildProcess {
  return spawn(process.execPath, [server], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      INBOUND_SMTP_PORT: String(smtpPort),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: 'ignore',
  });
}

async function untilHealthy(port: number, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server never became healthy');
}

async function call(port: number, method: string, url: string, body?: object, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const mail = (to: string, i: number) => ({
  from: `customer-${i % 20}@example.org`,
  to,
  subject: `Order question ${i}`,
  text: `Mail number ${i}`,
  messageId: `<kill-${i}@example.org>`,
  attachments: [{ filename: `note-${i}.txt`, content: `note ${i}` }],
});

/** Sends mails 0..count-1 over 10 connections; the ids that got 250. */
async function deliverAll(smtpPort: number, to: string, onAccepted?: (n: number) => void) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 10,
    connectionTimeout: 5000,
    socketTimeout: 10_000,
  });
  const accepted: string[] = [];
  await Promise.all(
    Array.from({ length: mailCount }, (_, i) =>
      transport
        .sendMail(mail(to, i))
        .then((info) => {
          if (/^250/.test(info.response)) {
            accepted.push(`kill-${i}@example.org`);
            onAccepted?.(accepted.length);
          }
        })
        .catch(() => undefined),
    ),
  );
  transport.close();
  return accepted;
}

describe('e-mail survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-email-kill-'));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps every mail that got 250, once', async () => {
    const port = await freePort();
    const smtpPort = await freePort();
    let child = start(dataDir, port, smtpPort);
    await untilHealthy(port, child);
    const admin = await call(port, 'POST', '/api/auth/signup', {
      email: 'kill@example.com',
      password: 'kill-password-1',
      displayName: 'Kill Test',
      website: 'https://kill.example',
    });
    const token = admin.idToken as string;
    const [workspace] = (await call(
      port,
      'GET',
      '/api/user/workspaces',
      undefined,
      token,
    )) as unknown as { workspaceId: string }[];
    const settings = await call(
      port,
      'GET',
      `/api/user/email-settings?workspaceId=${workspace!.workspaceId}`,
      undefined,
      token,
    );
    const to = settings.inboxAddress as string;

    const exited = new Promise((resolve) => child.once('exit', resolve));
    const accepted = await deliverAll(smtpPort, to, (n) => {
      if (n === 40) child.kill('SIGKILL');
    });
    await exited;
    expect(accepted.length).toBeGreaterThanOrEqual(40);
    expect(accepted.length).toBeLessThan(mailCount);

    // Started again on the same data: the senders retry every mail.
    child = start(dataDir, port, smtpPort);
    await untilHealthy(port, child);
    const retried = await deliverAll(smtpPort, to);
    expect(retried).toHaveLength(mailCount);
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;

    const database = await startPglite({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const { rows } = await database.query<{ rfc_message_id: string; messages: number }>(
        `select e.rfc_message_id, count(m.id)::int as messages
           from email_message_ids e join messages m on m.id = e.message_id
          group by e.rfc_message_id`,
      );
      const stored = new Map(rows.map((row) => [row.rfc_message_id, row.messages]));
      for (const id of accepted) expect(stored.get(id)).toBe(1);
      expect(stored.size).toBe(mailCount);
      const { rows: messages } = await database.query<{ count: number }>(
        `select count(*)::int as count from messages where role = 'user'`,
      );
      expect(messages[0]!.count).toBe(mailCount);
      const { rows: files } = await database.query<{ count: number }>(
        `select count(*)::int as count from stored_files where kind = 'attachment'`,
      );
      expect(files[0]!.count).toBe(mailCount);
    } finally {
      await database.close();
    }
  });
});
