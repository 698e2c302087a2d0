import { sql } from 'kysely';
import { hashVisitorToken } from '../src/auth/visitor-tokens';
import { writeTransaction } from '../src/live/write-transaction';
import { findCustomerByTokenHash } from '../src/repositories/customers';
import { deleteWorkspace } from '../src/repositories/workspaces';
import { startVisitorSession, visitorBearer } from './fixtures/customer';
import { signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// Every widget request names its visitor by token: the customer row is kept in memory until a
// committed change says it may be stale (findCustomerByTokenHash).
describe.each(testBackends)('visitors kept in memory ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_visitors');
    dropDatabase = drop;
    app = await buildTestApp({ database });
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const newVisitor = async () => {
    const { workspaceId } = await createWorkspace(app, (await signUp(app)).auth);
    const session = await startVisitorSession(app, workspaceId, {
      customer: { firstName: 'Grace' },
    });
    return { workspaceId, session, tokenHash: hashVisitorToken(session.visitorToken) };
  };
  /** A change made behind the app's back: no change event, so nothing kept is dropped. */
  const renameUnannounced = (customerId: string, firstName: string) =>
    sql`update customers set first_name = ${firstName} where id = ${customerId}`.execute(app.db);

  it('reads a visitor once, and again once a committed change names them', async () => {
    const { workspaceId, session, tokenHash } = await newVisitor();
    expect((await findCustomerByTokenHash(app.db, tokenHash))?.firstName).toBe('Grace');
    expect((await findCustomerByTokenHash(app.db, tokenHash))?.firstName).toBe('Grace');

    await renameUnannounced(session.customerId, 'Unannounced');
    expect((await findCustomerByTokenHash(app.db, tokenHash))?.firstName).toBe('Grace');

    // The visitor gives their name again (a resumed session): the change drops the kept row.
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      headers: visitorBearer(session),
      payload: { workspaceId, customer: { firstName: 'Ada' } },
    });
    expect(resumed.statusCode).toBe(200);
    expect((await findCustomerByTokenHash(app.db, tokenHash))?.firstName).toBe('Ada');
  });

  it("keeps each visitor apart: a change to one leaves another's kept row", async () => {
    const first = await newVisitor();
    const second = await newVisitor();
    for (const { tokenHash } of [first, second, first, second]) {
      await findCustomerByTokenHash(app.db, tokenHash);
    }
    await renameUnannounced(second.session.customerId, 'Unannounced');
    await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      headers: visitorBearer(first.session),
      payload: { workspaceId: first.workspaceId, customer: { firstName: 'Ada' } },
    });
    expect((await findCustomerByTokenHash(app.db, first.tokenHash))?.firstName).toBe('Ada');
    expect((await findCustomerByTokenHash(app.db, second.tokenHash))?.firstName).toBe('Grace');
  });

  it('forgets the visitors of a deleted workspace: their token no longer signs them in', async () => {
    const { workspaceId, session, tokenHash } = await newVisitor();
    await findCustomerByTokenHash(app.db, tokenHash);
    await findCustomerByTokenHash(app.db, tokenHash);

    await writeTransaction(app.db, (trx) => deleteWorkspace(trx, workspaceId));
    expect(await findCustomerByTokenHash(app.db, tokenHash)).toBeUndefined();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/widget/messages',
      headers: visitorBearer(session),
      payload: { content: 'Hello?' },
    });
    expect(sent.statusCode).toBe(401);
  });
});
