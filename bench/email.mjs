// bench/email: inbound mails per second over SMTP, each committed before its 250.
//
// The built api (api/dist) with its SMTP receiver on a free port, on an embedded PGlite database
// in a temporary folder, then on PostgreSQL: a fresh database `parley_bench_email` on the server
// of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); --no-postgres leaves it
// out. One workspace's inbox address receives --mails mails (a text part and a small attachment,
// from --senders senders, every fifth a reply to the sender's previous mail) from Nodemailer with
// a pool of 10 connections, the way a busy mail server delivers. Each 250 comes only after the
// conversation, the message and the attachment are committed.
// The floor, measured in the same run on the same app: the same receiver answering 250 without
// storing (recipients looked up, the mail read, its limits and SPF, DKIM and DMARC checked, then
// stored in no inbox). Goal: at least 50% of the floor's rate. For reference, a bare smtp-server
// answering 250 once it has read the mail, and the share of that.
// --rounds rounds on each database, each the floor then the app, every round's mails from senders
// new to the workspace; a round's share is of the floor measured just before it. The first round
// flatters the app: its floor runs while the mail reading is still being compiled, and the app's
// run after it finds that done; later rounds compare the two warm. The round of the median share
// is the one shown, with every round's share beside it.
//   node bench/email.mjs [--mails 1000] [--senders 200] [--rounds 3] [--no-postgres] [--no-pglite]
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  apiRequire,
  buildNodePackages,
  format,
  printTable,
  reportFigures,
  signUpBenchAdmin,
  startBenchApi,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    mails: { type: 'string', default: '1000' },
    senders: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    /** Prints the statements sent per mail, by their first words. */
    'show-queries': { type: 'boolean', default: false },
  },
});
const mailCount = Number(values.mails);
const senderCount = Number(values.senders);
const rounds = Number(values.rounds);
const connections = 10;
const goalShare = 0.5;

await buildNodePackages();
const nodemailer = apiRequire('nodemailer');
const { sql } = apiRequire('kysely');
const { SMTPServer } = apiRequire('smtp-server');

function mails(to, run) {
  return Array.from({ length: mailCount }, (_, i) => {
    const sender = i % senderCount;
    const round = Math.floor(i / senderCount);
    const reply = round > 0 && i % 5 === 0;
    return {
      from: `Customer ${sender} <customer-${run}-${sender}@example.org>`,
      to,
      subject: `${reply ? 'Re: ' : ''}Question ${sender}`,
      text: `Hello, this is mail ${i} about my order ${1000 + sender}. When will it arrive?`,
      messageId: `<bench-${run}-${i}@example.org>`,
      ...(reply ? { inReplyTo: `<bench-${run}-${i - senderCount}@example.org>` } : {}),
      attachments: [{ filename: `receipt-${i}.txt`, content: `Receipt of order ${1000 + sender}` }],
    };
  });
}

/** Sends every mail through a pool of `connections`; mails per second, and how many got 250. */
async function deliver(port, batch) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
  });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let accepted = 0;
  let next = 0;
  async function worker() {
    while (next < batch.length) {
      const mail = batch[next++];
      const info = await transport.sendMail(mail);
      if (/^250/.test(info.response)) accepted += 1;
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  transport.close();
  // CPU of this whole process (sender, receiver, the embedded database's thread) per mail: a
  // figure the machine's other load moves less than the rate.
  const cpuMsPerMail = (user + system) / 1000 / Math.max(1, accepted);
  return { perSecond: accepted / elapsed, accepted, elapsed, cpuMsPerMail };
}

/**
 * The floor: the same receiver (the api's SmtpReceiver: recipients looked up at RCPT TO,
 * the mail read, its size, attachments, SPF, DKIM and DMARC checked) answering 250 without
 * storing the mail in any inbox.
 */
async function receiverFloor(app, address, run) {
  const { SmtpReceiver } = apiRequire('./dist/mail/smtp-receiver');
  const { inboxOfAddress, mailTooBig, receiveMail } = apiRequire('./dist/services/receive-mail');
  const { receiving } = app.inboundMail;
  const receiver = new SmtpReceiver({
    host: '127.0.0.1',
    port: 0,
    maxBytes: receiving.config.maxBytes,
    inboxOf: (recipient) => inboxOfAddress(receiving, recipient),
    // Read and checked as every mail is, then stored in no inbox.
    receive: (_inboxes, raw, session) => receiveMail(receiving, [], raw, session),
    tooBig: () => mailTooBig(receiving.config.maxBytes),
    log: app.log,
  });
  const port = await receiver.listen();
  try {
    return await deliver(port, mails(address, run));
  } finally {
    await receiver.close();
  }
}

/** For reference, lower still: a bare smtp-server answering 250 once it has read a mail. */
async function bareFloor() {
  const server = new SMTPServer({
    size: 25 * 1024 * 1024,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(),
    onData: (stream, _session, callback) => {
      stream.on('data', () => {});
      stream.on('end', () => callback(null, 'Message accepted'));
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  const result = await deliver(port, mails('inbox@localhost', 'floor'));
  await new Promise((resolve) => server.close(resolve));
  return result;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function freshPostgres(adminUrl, name) {
  const { Client } = apiRequire('pg');
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`PostgreSQL not measured: ${error.message}`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Counts the statements the app sends its database while `body` runs: every query on a
 * connection Kysely's executor provides, once however many executors pass it on (transactions'
 * included, and those sent together; their begin and commit are two more each, not counted).
 */
async function countingQueries(app, body) {
  const executor = Object.getPrototypeOf(app.db.getExecutor());
  const original = executor.provideConnection;
  let count = 0;
  const kinds = new Map();
  const seen = new WeakSet();
  const executeCounted = (connection, query) => {
    if (!seen.has(query) && !/^(begin|commit|rollback)$/.test(query.sql)) {
      seen.add(query);
      count += 1;
      if (values['show-queries']) {
        const kind = String(query.sql ?? '')
          .replace(/\s+/g, ' ')
          .slice(0, 90);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
    }
    return connection.executeQuery(query);
  };
  // The driver's connection as it is (its own methods on itself), its statements counted.
  const counted = (connection) =>
    new Proxy(connection, {
      get(target, name) {
        if (name === 'executeQuery') return (query) => executeCounted(target, query);
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  executor.provideConnection = function provideCounted(consumer) {
    return original.call(this, (connection) => consumer(counted(connection)));
  };
  try {
    const result = await body();
    for (const [kind, times] of [...kinds].sort((a, b) => b[1] - a[1])) {
      console.log(`${(times / result.accepted).toFixed(2).padStart(6)}  ${kind}`);
    }
    return { ...result, queries: count };
  } finally {
    executor.provideConnection = original;
  }
}

async function measure(name, databaseUrl) {
  // INBOUND_SMTP_PORT=0 turns the receiver off: it is given a port free now.
  process.env.BENCH_INBOUND_SMTP_PORT = String(await freePort());
  const { app, call, close } = await startBenchApi('email', { databaseUrl });
  try {
    const { admin, workspaceId } = await signUpBenchAdmin(call);
    const settings = await call(
      'GET',
      `/api/user/email-settings?workspaceId=${workspaceId}`,
      undefined,
      admin.idToken,
    );
    const measured = [];
    for (let round = 0; round < rounds; round += 1) {
      // PostgreSQL's autovacuum analyzes a table once a tenth of it changed, but looks once a
      // minute: through a run this short the new database's tables would be planned as the
      // empty ones they were. Analyzed before each round, as a database in use would be (the
      // embedded one analyzes its grown tables itself).
      if (databaseUrl) await sql`analyze`.execute(app.db);
      const bottom = await receiverFloor(app, settings.inboxAddress, `floor-${round}`);
      const result = await countingQueries(app, () =>
        deliver(app.inboundMail.smtpPort, mails(settings.inboxAddress, `api-${round}`)),
      );
      measured.push({ result, bottom, share: result.perSecond / bottom.perSecond });
    }
    const accepted = measured.reduce((sum, { result }) => sum + result.accepted, 0);
    const stored = await app.db
      .selectFrom('emailMessageIds')
      .select(({ fn }) => fn.countAll().as('count'))
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(stored.count) !== accepted) {
      throw new Error(`${accepted} mails got 250 but ${stored.count} are stored`);
    }
    return measured;
  } finally {
    await close();
  }
}

const rows = [];
const figures = [];
let allMet = true;
async function run(name, databaseUrl) {
  const bare = await bareFloor();
  const measured = await measure(name, databaseUrl);
  const byShare = [...measured].sort((a, b) => a.share - b.share);
  const { result, bottom } = byShare[Math.floor((byShare.length - 1) / 2)];
  const met = result.perSecond >= goalShare * bottom.perSecond;
  allMet &&= met;
  const percent = (share) => `${(100 * share).toFixed(0)}%`;
  rows.push([
    name,
    format(result.accepted),
    result.perSecond.toFixed(0),
    bottom.perSecond.toFixed(0),
    percent(result.perSecond / bottom.perSecond),
    measured.map(({ share }) => percent(share)).join(' '),
    bare.perSecond.toFixed(0),
    percent(result.perSecond / bare.perSecond),
    (result.queries / result.accepted).toFixed(1),
    result.cpuMsPerMail.toFixed(2),
    bottom.cpuMsPerMail.toFixed(2),
    `≥ ${goalShare * 100}%`,
    met ? 'yes' : 'NO',
  ]);
  figures.push({
    figure: `inbound mails/s over SMTP, 10 connections (${name})`,
    value: `${result.perSecond.toFixed(0)}/s`,
    goal: `≥ ${goalShare * 100}% of floor`,
    floor: `${bottom.perSecond.toFixed(0)}/s`,
    met,
  });
}

if (!values['no-pglite']) await run('PGlite (embedded)', '');
if (!values['no-postgres']) {
  const url = await freshPostgres(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    'parley_bench_email',
  );
  if (url) await run('PostgreSQL', url);
}
console.log(
  `\n${format(mailCount)} mails a round from ${format(senderCount)} senders, ` +
    `${connections} connections, the round of the median share of ${rounds}; ` +
    'floor: the same receiver answering 250 without storing (the mail read and checked); ' +
    'bare SMTP: smtp-server answering 250 once it has read the mail',
);
printTable(
  [
    ...['database', 'stored', 'mails/s', 'floor/s', 'share', 'rounds', 'bare SMTP/s', 'share'],
    'queries/mail',
    ...['CPU ms/mail', 'floor CPU ms/mail', 'goal', 'met'],
  ],
  rows,
  1,
);
reportFigures(figures);
process.exitCode = allMet ? 0 : 1;
process.exit();
