import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { writeTransaction } from '../src/live/write-transaction';
import { readMail } from '../src/mail/read-mail';
import { findInboxByKey } from '../src/repositories/email-inboxes';
import { recordMailsStatement } from '../src/repositories/email-messages';
import { findStatistics } from '../src/repositories/statistics';
import type { EmailInboxRow } from '../src/repositories/email-inboxes';
import { changeStatus } from '../src/services/conversations';
import { storeInboundMail } from '../src/services/inbound-mail';
import { MailRefused } from '../src/services/mail-placement';
import type { StoredMail } from '../src/services/mail-placement';
import { seedTeams } from './fixtures/teams';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { inboxAddressOf } from './support/mail-sender';
import { planAfter } from './support/query-plan';

jest.setTimeout(120_000);

// Mails that arrive together are stored in one transaction (group commit), on both databases.
describe.each(testBackends)('received mails stored together ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let inbox: EmailInboxRow;

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_email_groups');
    dropDatabase = drop;
    app = await buildTestApp({ database });
    const teams = await seedTeams(app);
    const { inboxAddress } = await inboxAddressOf(
      app,
      teams.team.admin.auth,
      teams.team.workspaceId,
    );
    inbox = (await findInboxByKey(app.db, inboxAddress.split('@')[0]!))!;
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const mailOf = (
    from: string,
    id: string,
    subject: string,
    {
      attachment,
      inReplyTo,
      large = false,
    }: { attachment?: string; inReplyTo?: string; large?: boolean } = {},
  ) =>
    readMail(
      Buffer.from(
        [
          `From: ${from}`,
          'To: inbox@localhost',
          `Subject: ${subject}`,
          `Message-ID: <${id}@example.org>`,
          ...(inReplyTo ? [`In-Reply-To: <${inReplyTo}@example.org>`] : []),
          'MIME-Version: 1.0',
          ...(attachment
            ? [
                'Content-Type: multipart/mixed; boundary="b"',
                '',
                '--b',
                'Content-Type: text/plain',
                '',
                `About ${subject}`,
                '--b',
                `Content-Type: text/plain; name="${attachment}"`,
                `Content-Disposition: attachment; filename="${attachment}"`,
                '',
                // Large: over 64 KB, a file written to disk rather than kept in its row.
                ...Array.from({ length: large ? 5000 : 1 }, () => `Receipt for ${subject}`),
                '--b--',
              ]
            : ['Content-Type: text/plain', '', `About ${subject}`]),
          '',
        ].join('\r\n'),
      ),
    );
  const store = async (mail: Awaited<ReturnType<typeof readMail>>, into = inbox) =>
    storeInboundMail(app.db, app.storage, into, mail, null, new Date());

  it('stores mails from many senders at once, several in one transaction, each in its thread', async () => {
    const senders = Array.from({ length: 8 }, (_, index) => `customer-${index}@example.org`);
    const countedBefore = (await findStatistics(app.db, inbox.workspaceId))!.conversations;
    const first = await Promise.all(
      senders.map(async (from, index) => store(await mailOf(from, `a-${index}`, `Order ${index}`))),
    );
    // Each sender again at once, replying by subject: their second mail joins their thread.
    const second = await Promise.all(
      senders.map(async (from, index) =>
        store(await mailOf(from, `b-${index}`, `Re: Order ${index}`)),
      ),
    );
    expect(first.every((stored) => stored.stored)).toBe(true);
    expect(second.map((stored) => stored.conversationId)).toEqual(
      first.map((stored) => stored.conversationId),
    );
    const messages = await app.db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
      .select([
        'messages.conversationId',
        'messages.senderId',
        sql`messages.xmin::text`.as('transaction'),
      ])
      .where('conversations.workspaceId', '=', inbox.workspaceId)
      .where('conversations.channel', '=', 'email')
      .execute();
    expect(messages).toHaveLength(16);
    // The first mail goes alone; those that came while it was stored went in one transaction.
    const transactions = new Set(messages.map((message) => message.transaction));
    expect(transactions.size).toBeLessThanOrEqual(6);
    const customers = new Set(messages.map((message) => message.senderId));
    expect(customers.size).toBe(8);
    // Each sender is the customer of their own conversation, made with it in the same group.
    const owners = await app.db
      .selectFrom('conversations')
      .innerJoin('customers', 'customers.id', 'conversations.customerId')
      .select(['conversations.id', 'customers.email'])
      .where(
        'conversations.id',
        'in',
        first.map((stored) => stored.conversationId!),
      )
      .execute();
    expect(
      first.map((stored) => owners.find((owner) => owner.id === stored.conversationId)?.email),
    ).toEqual(senders);
    // The conversations a group starts are counted together, each new customer has its token.
    const counted = (await findStatistics(app.db, inbox.workspaceId))!.conversations;
    expect(counted).toMatchObject({
      all: countedBefore.all + 8,
      pending: countedBefore.pending + 8,
      resolved: countedBefore.resolved,
    });
    const tokens = await app.db
      .selectFrom('visitorTokens')
      .innerJoin('customers', 'customers.id', 'visitorTokens.customerId')
      .select('customers.email')
      .where('customers.email', 'in', senders)
      .execute();
    expect(tokens.map((token) => token.email).sort()).toEqual([...senders].sort());
  });

  it('refuses a mail alone when its group cannot take it, and leaves no file of the failed try', async () => {
    const nowhere = { ...inbox, workspaceId: 'no-such-workspace-id' };
    const results = await Promise.allSettled([
      store(await mailOf('first@example.org', 'c-0', 'Warm-up')),
      store(
        await mailOf('grace@example.org', 'c-1', 'Helmet', {
          attachment: 'helmet.txt',
          large: true,
        }),
      ),
      store(
        await mailOf('alan@example.org', 'c-2', 'Nowhere', {
          attachment: 'nowhere.txt',
          large: true,
        }),
        nowhere,
      ),
      store(
        await mailOf('ada@example.org', 'c-3', 'Gloves', { attachment: 'gloves.txt', large: true }),
      ),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const refused = (results[2] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(MailRefused);
    expect(refused.message).toBe('This workspace takes no mail yet');
    // The others were stored by their own transaction, each once: nothing of the failed group's
    // was written outside it.
    for (const index of [1, 3]) {
      expect((results[index] as PromiseFulfilledResult<StoredMail>).value.stored).toBe(true);
    }
    const graces = await app.db
      .selectFrom('customers')
      .select('id')
      .where('workspaceId', '=', inbox.workspaceId)
      .where('email', '=', 'grace@example.org')
      .execute();
    expect(graces).toHaveLength(1);
    // On disk: exactly the files the stored mails record.
    const recorded = await app.db
      .selectFrom('storedFiles')
      .select('path')
      .where('kind', '=', 'attachment')
      .execute();
    const root = path.join(app.config.dataDir, 'storage');
    const onDisk = (await readdir(path.join(root, 'attachments'), { recursive: true }))
      .map((entry) => `attachments/${entry}`)
      .filter((entry) => /\.txt$/.test(entry));
    expect(onDisk.sort()).toEqual(recorded.map((row) => row.path).sort());
    expect(recorded).toHaveLength(2);
  });

  it('commits a mail only once its large files are on disk: one whose file fails is not kept', async () => {
    const first = await store(await mailOf('hana@example.org', 'f-1', 'Bell'));
    // A file where the conversation's folder of attachments goes: the write fails.
    const folder = path.join(app.config.dataDir, 'storage', 'attachments', first.conversationId!);
    await rm(folder, { recursive: true, force: true });
    await mkdir(path.dirname(folder), { recursive: true });
    await writeFile(folder, 'not a folder');
    try {
      const reply = await mailOf('hana@example.org', 'f-2', 'Re: Bell', {
        attachment: 'bell.txt',
        large: true,
        inReplyTo: 'f-1',
      });
      await expect(store(reply)).rejects.toThrow();
    } finally {
      await rm(folder, { force: true });
    }
    const kept = await app.db
      .selectFrom('emailMessageIds')
      .select('messageId')
      .where('workspaceId', '=', inbox.workspaceId)
      .where('rfcMessageId', '=', 'f-2@example.org')
      .execute();
    expect(kept).toEqual([]);
  });

  const conversationOfMail = async (id: string) =>
    (
      await app.db
        .selectFrom('emailMessageIds')
        .select('conversationId')
        .where('workspaceId', '=', inbox.workspaceId)
        .where('rfcMessageId', '=', `${id}@example.org`)
        .executeTakeFirstOrThrow()
    ).conversationId;

  it('joins a mail to the thread of another mail of its own group that it replies to', async () => {
    await Promise.all([
      store(await mailOf('first@example.org', 'd-0', 'Warm-up')),
      store(await mailOf('alice@example.org', 'd-1', 'Saddle')),
      store(await mailOf('bob@example.org', 'd-2', 'Re: Saddle', { inReplyTo: 'd-1' })),
    ]);
    expect(await conversationOfMail('d-2')).toBe(await conversationOfMail('d-1'));
  });

  it('reopens a resolved thread once when two of its senders write at the same moment', async () => {
    await store(await mailOf('carol@example.org', 'e-1', 'Pedals'));
    const threadId = await conversationOfMail('e-1');
    const thread = await app.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    await writeTransaction(app.db, (trx) =>
      changeStatus(
        trx,
        thread,
        { status: 'resolved', reason: 'resolved', changedBy: null },
        new Date(),
      ),
    );
    await Promise.all([
      store(await mailOf('first@example.org', 'e-0', 'Warm-up again')),
      store(await mailOf('dave@example.org', 'e-2', 'Re: Pedals', { inReplyTo: 'e-1' })),
      store(await mailOf('erin@example.org', 'e-3', 'Re: Pedals', { inReplyTo: 'e-1' })),
    ]);
    expect(await conversationOfMail('e-2')).toBe(threadId);
    expect(await conversationOfMail('e-3')).toBe(threadId);
    const reopened = await app.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    expect(reopened.status).toBe('pending');
    const history = reopened.statusHistory as unknown as { reason: string | null }[];
    expect(history.filter((entry) => entry.reason === 'reopened')).toHaveLength(1);
  });

  it('finds the messages whose mail details it records by their ids, however many the database holds', async () => {
    const stored = await store(await mailOf('planner@example.org', 'q-1', 'Planned'));
    const { query } = recordMailsStatement(app.db, [
      {
        email: {
          messageId: 'q-2@example.org',
          from: 'inbox@localhost',
          to: 'planner@example.org',
          subject: 'Re: Planned',
          html: null,
          authFailure: null,
          automatic: null,
          delivery: { status: 'sending', error: null, attempts: 0 },
        },
        idRow: {
          workspaceId: inbox.workspaceId,
          rfcMessageId: 'q-2@example.org',
          messageId: stored.messageId!,
          conversationId: stored.conversationId!,
          direction: 'out',
          fromAddress: 'inbox@localhost',
          subjectKey: 'planned',
        },
      },
    ]);
    // Many messages, the planner told of them, and the plan read: all rolled back after.
    const plan = await planAfter(
      app.db,
      (trx) =>
        sql`insert into messages (id, conversation_id, workspace_id, role, sender_id,
            content, attachments, timestamp)
          select 'earlier-' || n, conversation_id, workspace_id, role, sender_id, content,
            attachments, timestamp - n * interval '1 second'
          from messages, generate_series(1, 3000) n where id = ${stored.messageId}`.execute(trx),
      'messages',
      query,
    );
    const updating = plan.slice(plan.indexOf('CTE with_email'), plan.indexOf('CTE with_files'));
    expect(updating).toContain('messages_pkey');
    expect(updating).not.toContain('Seq Scan on messages');
  });

  // Statements are prepared once per connection; PGlite's one connection shows them all.
  // On PostgreSQL each of the pool's connections has its own, which a test cannot pick.
  if (!backend.postgres) {
    it('plans the statements that store a group once, even after the tables are analyzed again', async () => {
      for (const round of [1, 2]) {
        await Promise.all(
          Array.from({ length: 6 }, async (_, index) =>
            store(await mailOf(`planned-${index}@example.org`, `p-${round}-${index}`, 'Plans')),
          ),
        );
        await sql`analyze`.execute(app.db);
      }
      const { rows } = await sql<{ statement: string; customPlans: number; genericPlans: number }>`
        select statement, custom_plans, generic_plans from pg_prepared_statements
        where statement like '%jsonb_to_recordset%thread_ids%'
          and statement not like '%pg_prepared_statements%'`.execute(app.db);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ customPlans: 0 });
      expect(Number(rows[0]!.genericPlans)).toBeGreaterThan(1);
    });
  }
});
