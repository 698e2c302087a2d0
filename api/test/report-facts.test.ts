import { sql } from 'kysely';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { buildAgentMessage } from './fixtures/message';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  type TestApp,
} from './support/build-test-app';

jest.setTimeout(60_000);

/** Column names come back camelCase (the connection's CamelCasePlugin). */
interface Facts {
  firstCustomerAt: string | null;
  firstAgentAt: string | null;
  firstAgentId: string | null;
  resolvedAt: string | null;
  handedOver: boolean;
  didYouMean: boolean;
}

const asText = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * The facts each conversation keeps for the reports (triggers of migration 0028) must always
 * equal what its messages and status history say: a recomputation, as the reports derived them
 * before the facts were kept.
 */
describe.each(testBackends)('conversation report facts ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let teams: Teams;

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_report_facts');
    dropDatabase = drop;
    app = await buildTestApp({ database });
    teams = await seedTeams(app);
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const stored = async (id: string): Promise<Facts> => {
    const result = await sql<Facts>`
      select ${asText('c.first_customer_at')} as first_customer_at,
        ${asText('c.first_agent_at')} as first_agent_at, c.first_agent_id,
        ${asText('c.resolved_at')} as resolved_at, c.handed_over, c.did_you_mean
      from conversations c where c.id = ${id}`.execute(app.db);
    return result.rows[0]!;
  };

  const recomputed = async (id: string): Promise<Facts> => {
    const result = await sql<Facts>`
      select ${asText('talk.first_customer_at')} as first_customer_at,
        ${asText('talk.first_agent_at')} as first_agent_at, talk.first_agent_id,
        ${asText(`case when c.status = 'resolved' then (
          select max((e ->> 'changedAt')::timestamptz)
          from jsonb_array_elements(c.status_history) e where e ->> 'status' = 'resolved') end`)}
          as resolved_at,
        exists (select 1 from jsonb_array_elements(c.status_history) e
          where e ->> 'reason' in ('handoff', 'not-confident')) as handed_over,
        talk.did_you_mean
      from conversations c
      cross join lateral (
        select min(m.timestamp) filter (where m.role = 'user') as first_customer_at,
          min(m.timestamp) filter (where m.role = 'agent') as first_agent_at,
          (array_agg(m.sender_id order by m.timestamp, m.id) filter (where m.role = 'agent'))[1]
            as first_agent_id,
          coalesce(bool_or(m.suggestion_choice is not null and m.suggestion_choice <> 'none'),
            false) as did_you_mean
        from messages m where m.conversation_id = (c.id collate "default")
      ) talk
      where c.id = ${id}`.execute(app.db);
    return result.rows[0]!;
  };

  /** The stored facts, once checked against the recomputation. */
  const factsOf = async (id: string): Promise<Facts> => {
    const facts = await stored(id);
    expect(facts).toEqual(await recomputed(id));
    return facts;
  };

  const post = async (url: string, payload: object, as = teams.team.admin.auth) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(as), payload });
    expect(response.statusCode).toBeLessThan(300);
  };

  it('stay equal to a recomputation from the messages through replies, resolving and reopening', async () => {
    const { workspaceId } = teams.team;
    const adminId = teams.team.admin.auth.user.id;
    const agentId = teams.team.agent.auth.user.id;
    const { session, conversationId: id } = await startConversation(app, workspaceId);

    const opened = await factsOf(id);
    expect(opened.firstCustomerAt).not.toBeNull();
    expect(opened.firstAgentAt).toBeNull();
    expect(opened.resolvedAt).toBeNull();

    await sendCustomerMessage(app, session, 'Are you there?');
    expect((await factsOf(id)).firstCustomerAt).toBe(opened.firstCustomerAt);

    await post('/api/user/take-over-conversation', { workspaceId, conversationId: id });
    await post('/api/user/messages', buildAgentMessage(workspaceId, id));
    const replied = await factsOf(id);
    expect(replied.firstAgentId).toBe(adminId);
    expect(replied.firstAgentAt).not.toBeNull();

    // A later reply: the first stays the first.
    await post('/api/user/messages', buildAgentMessage(workspaceId, id, { content: 'Found it.' }));
    expect(await factsOf(id)).toMatchObject({
      firstAgentId: adminId,
      firstAgentAt: replied.firstAgentAt,
    });

    await post('/api/user/resolve-conversation', { workspaceId, conversationId: id });
    const resolved = await factsOf(id);
    expect(resolved.resolvedAt).not.toBeNull();

    // An agent writing to a resolved conversation reopens it: no longer resolved.
    await post('/api/user/messages', buildAgentMessage(workspaceId, id, { content: 'One more' }));
    expect((await factsOf(id)).resolvedAt).toBeNull();

    await post('/api/user/resolve-conversation', { workspaceId, conversationId: id });
    const again = await factsOf(id);
    expect(again.resolvedAt! > resolved.resolvedAt!).toBe(true);

    // Rows written as an import would: an agent reply dated before the others becomes the first
    // (another agent's), a bot message's "Did you mean" choice is recorded, and a deleted
    // message's facts go with it.
    const early = new Date(Date.parse(replied.firstAgentAt!) - 1000).toISOString();
    await sql`insert into messages (id, conversation_id, workspace_id, role, sender_id, content,
        suggestions, timestamp)
      values ('msg-early-' || ${id}, ${id}, ${workspaceId}, 'agent', ${agentId}, 'Earlier', '[]',
        ${early})`.execute(app.db);
    expect(await factsOf(id)).toMatchObject({ firstAgentId: agentId });
    await sql`update messages set role = 'bot', suggestion_choice = 'pair-1'
      where id = 'msg-early-' || ${id}`.execute(app.db);
    expect(await factsOf(id)).toMatchObject({ firstAgentId: adminId, didYouMean: true });
    await sql`delete from messages where id = 'msg-early-' || ${id}`.execute(app.db);
    expect(await factsOf(id)).toMatchObject({ didYouMean: false });
  });

  it('follow the status history, however it is written', async () => {
    const { workspaceId } = teams.team;
    const { conversationId: id } = await startConversation(app, workspaceId);
    await sql`update conversations set status = 'open',
        status_history = jsonb_build_array(status_history -> 0)
      where id = ${id}`.execute(app.db);
    expect((await factsOf(id)).handedOver).toBe(false);
    await sql`update conversations set status = 'pending',
        status_history = status_history || jsonb_build_array(jsonb_build_object(
          'status', 'pending', 'changedAt', now(), 'changedBy', null, 'reason', 'handoff'))
      where id = ${id}`.execute(app.db);
    expect((await factsOf(id)).handedOver).toBe(true);
  });
});
