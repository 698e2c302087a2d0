import { sql } from 'kysely';
import type { AuthResponse } from 'shared-sdk';
import { productPhotosJobKind } from 'shared-sdk/schemas';
import { checkStatistics } from '../src/services/statistics-check';
import { productImportChunkRows, productImportPauses } from '../src/services/product-import';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { choosePlan } from './fixtures/plan';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

jest.setTimeout(60_000);

/** A promise and the function that settles it: a pause the test ends when it chooses. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a products import shares the database fairly, all or nothing, one at a time', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    otherAdmin = teams.otherTeam.admin.auth;
    await choosePlan(app, admin, workspaceId, 'growth');
  }, appStartTimeoutMs);
  afterEach(async () => {
    delete productImportPauses.betweenChunks;
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });
  afterAll(() => app?.close());

  const importProducts = (auth: AuthResponse, into: string, products: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/user/products-import',
      headers: bearer(auth),
      payload: { workspaceId: into, products },
    });
  const rows = (prefix: string, count: number, overrides: object = {}) =>
    Array.from({ length: count }, (_, index) => ({
      sku: `${prefix}-${index}`,
      name: `${prefix} product ${index}`,
      description: 'From a CSV file',
      price: 10.5,
      stock: 4,
      ...overrides,
    }));
  /** Every product of the workspace, every column, in SKU order. */
  const catalogue = (id = workspaceId) =>
    app.db
      .selectFrom('products')
      .selectAll()
      .where('workspaceId', '=', id)
      .orderBy('sku')
      .execute();
  const importSlots = () => app.db.selectFrom('productImports').selectAll().execute();
  /** Pauses the next import after its chunk `at` until `release` opens; `reached` opens on arrival. */
  const pauseAfterChunk = (at: number) => {
    const reached = gate();
    const release = gate();
    let arrived = false;
    productImportPauses.betweenChunks = async (chunk) => {
      if (chunk !== at || arrived) return;
      arrived = true;
      reached.open();
      await release.opened;
    };
    return { reached: reached.opened, release: release.open };
  };

  it("lets another workspace's widget message through between two chunks of an import", async () => {
    const { session } = await startConversation(app, otherWorkspaceId, 'Is my order on its way?');
    const events: string[] = [];
    productImportPauses.betweenChunks = async (chunk) => {
      events.push(`chunk ${chunk} written`);
      if (chunk !== 1) return;
      // The import waits here for the other workspace's message. Were the import one
      // transaction holding the database's connection, the message could never be stored and
      // this would wait for ever (the test fails on its timeout).
      await sendCustomerMessage(app, session, 'Can I still change the address?');
      events.push('other workspace message stored');
    };
    const response = await importProducts(
      admin,
      workspaceId,
      rows('FAIR', 4 * productImportChunkRows),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ created: 1000, updated: 0, photos: null });
    expect(events).toEqual([
      'chunk 0 written',
      'chunk 1 written',
      'other workspace message stored',
      'chunk 2 written',
      'chunk 3 written',
    ]);
    expect(await importSlots()).toEqual([]);
  });

  it('refuses a second import of the workspace while one is under way (409), not of another workspace', async () => {
    await choosePlan(app, otherAdmin, otherWorkspaceId, 'starter');
    const before = await catalogue();
    const paused = pauseAfterChunk(0);
    const first = importProducts(admin, workspaceId, rows('FIRST', 2 * productImportChunkRows));
    await paused.reached;

    const second = await importProducts(admin, workspaceId, rows('SECOND', 3));
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      code: 'products/import-under-way',
      message:
        'Another products import of this workspace is under way. Import this file once it has finished.',
    });
    // Each workspace has its own slot.
    const theirs = await importProducts(otherAdmin, otherWorkspaceId, rows('THEIRS', 3));
    expect(theirs.statusCode).toBe(201);

    paused.release();
    expect((await first).statusCode).toBe(201);
    const after = await catalogue();
    expect(after.filter((product) => product.sku.startsWith('SECOND'))).toEqual([]);
    expect(after).toHaveLength(before.length + 2 * productImportChunkRows);
    // Once it has finished, the next import goes ahead.
    expect((await importProducts(admin, workspaceId, rows('SECOND', 3))).statusCode).toBe(201);
  });

  it("refuses as a whole an import past the plan's products, writing nothing", async () => {
    // The Free plan includes no products.
    const onFree = await seedTeams(app);
    const freeWorkspace = onFree.team.workspaceId;
    const refused = await importProducts(onFree.team.admin.auth, freeWorkspace, rows('FREE', 2));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'invalid-argument',
      message:
        'The Free plan includes 0 products; with this import the workspace would have 2. ' +
        'Choose a bigger plan in Billing settings first.',
    });
    expect(await catalogue(freeWorkspace)).toEqual([]);

    // Starter includes 500: 400 there, 100 of them again and 101 new make 501.
    await choosePlan(app, onFree.team.admin.auth, freeWorkspace, 'starter');
    const first = await importProducts(onFree.team.admin.auth, freeWorkspace, rows('S', 400));
    expect(first.statusCode).toBe(201);
    const before = await catalogue(freeWorkspace);
    const over = await importProducts(onFree.team.admin.auth, freeWorkspace, [
      ...rows('S', 100, { name: 'Renamed' }),
      ...rows('NEW', 101),
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain('The Starter plan includes 500 products');
    expect(await catalogue(freeWorkspace)).toEqual(before);
    expect(await importSlots()).toEqual([]);

    // Exactly at the limit is allowed.
    const fits = await importProducts(onFree.team.admin.auth, freeWorkspace, rows('NEW', 100));
    expect(fits.statusCode).toBe(201);
    expect(await catalogue(freeWorkspace)).toHaveLength(500);
  });

  it('leaves the catalogue exactly as it was when an import fails mid-way', async () => {
    // Known SKUs the import changes, and new ones it adds, in every chunk.
    await importProducts(admin, workspaceId, rows('KEEP', 300));
    const before = await catalogue();
    const file = [
      ...rows('KEEP', 300, { name: 'Changed', status: 'disabled', price: 99 }),
      ...rows('GONE', 3 * productImportChunkRows, { imageUrl: 'https://photos.example/p.png' }),
    ];
    productImportPauses.betweenChunks = async (chunk) => {
      if (chunk === 2) throw new Error('The connection to the database was lost');
    };
    const failed = await importProducts(admin, workspaceId, file);
    expect(failed.statusCode).toBe(500);
    expect(await catalogue()).toEqual(before);
    expect(await importSlots()).toEqual([]);
    expect(await app.db.selectFrom('productImportUndo').selectAll().execute()).toEqual([]);
    const photoJobs = await app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', productPhotosJobKind)
      .where('workspaceId', '=', workspaceId)
      .execute();
    expect(photoJobs).toEqual([]);

    // The last step refused (the workspace moved to a smaller plan meanwhile): nothing kept either.
    const paused = pauseAfterChunk(1);
    const refusedAtTheEnd = importProducts(admin, workspaceId, file);
    await paused.reached;
    await choosePlan(app, admin, workspaceId, 'starter');
    paused.release();
    const refused = await refusedAtTheEnd;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('The Starter plan includes 500 products');
    expect(await catalogue()).toEqual(before);
    await choosePlan(app, admin, workspaceId, 'growth');
  });

  it('puts back what an import left when its process died, before the next import', async () => {
    expect((await importProducts(admin, workspaceId, rows('BEFORE-DEAD', 2))).statusCode).toBe(201);
    const before = await catalogue();
    const [kept] = before;
    // A dead import: it changed one product and added another, and its lease has run out.
    const dead = 'dead-import';
    await app.db
      .insertInto('productImports')
      .values({ workspaceId, id: dead, userId: 'gone', leaseUntil: new Date(Date.now() - 1000) })
      .execute();
    // What it kept before writing: the changed product as it was, null for the one it added.
    await sql`
      insert into product_import_undo (import_id, chunk, sku, product)
      select ${dead}, 0, sku, to_jsonb(p) from products p
      where workspace_id = ${workspaceId} and sku = ${kept!.sku}
      union all select ${dead}, 0, 'HALF-WRITTEN', null`.execute(app.db);
    await app.db
      .updateTable('products')
      .set({ name: 'Half-imported name' })
      .where('workspaceId', '=', workspaceId)
      .where('sku', '=', kept!.sku)
      .execute();
    await app.db
      .insertInto('products')
      .values({
        workspaceId,
        id: 'half-written',
        sku: 'HALF-WRITTEN',
        name: 'Half',
        description: '',
        status: 'active',
        priceMinor: 100,
        stock: 1,
      })
      .execute();
    await app.db
      .updateTable('statisticsShards')
      .set((eb) => ({
        productsAll: eb('productsAll', '+', 1),
        productsActive: eb('productsActive', '+', 1),
      }))
      .where('workspaceId', '=', workspaceId)
      .where('shard', '=', 0)
      .execute();

    const next = await importProducts(admin, workspaceId, rows('AFTER-DEAD', 2));
    expect(next.statusCode).toBe(201);
    const after = await catalogue();
    expect(after.filter((product) => !product.sku.startsWith('AFTER-DEAD'))).toEqual(before);
    expect(await importSlots()).toEqual([]);
  });
});

const describePostgres = testPostgresUrl ? describe : describe.skip;

describePostgres('products imports on two API instances sharing PostgreSQL', () => {
  let apps: TestApp[] = [];
  let drop: () => Promise<void>;
  let admin: AuthResponse;
  let workspaceId: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase('parley_product_imports');
    drop = created.drop;
    apps.push(await buildTestApp({ database: created.database }));
    apps.push(await buildTestApp({ database: created.database }));
    const teams = await seedTeams(apps[0]!);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    await choosePlan(apps[0]!, admin, workspaceId, 'growth');
  }, appStartTimeoutMs);
  afterEach(() => {
    delete productImportPauses.betweenChunks;
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await drop?.();
  });

  const importOn = (app: TestApp, products: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/user/products-import',
      headers: bearer(admin),
      payload: { workspaceId, products },
    });
  const rows = (prefix: string, count: number, overrides: object = {}) =>
    Array.from({ length: count }, (_, index) => ({
      sku: `${prefix}-${index}`,
      name: `${prefix} product ${index}`,
      price: 3,
      stock: 1,
      ...overrides,
    }));
  const catalogue = () =>
    apps[0]!.db
      .selectFrom('products')
      .selectAll()
      .where('workspaceId', '=', workspaceId)
      .orderBy('sku')
      .execute();

  it("refuses an import on one instance while the other's is under way, and puts back a failed one", async () => {
    expect((await importOn(apps[0]!, rows('PG', 300))).statusCode).toBe(201);
    const before = await catalogue();
    const reached = gate();
    const release = gate();
    productImportPauses.betweenChunks = async (chunk) => {
      if (chunk !== 0) return;
      reached.open();
      await release.opened;
      throw new Error('The instance stopped');
    };
    const first = importOn(apps[0]!, [
      ...rows('PG', 300, { name: 'Changed' }),
      ...rows('PG-NEW', 200),
    ]);
    await reached.opened;
    const second = await importOn(apps[1]!, rows('PG-OTHER', 2));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('products/import-under-way');
    release.open();
    expect((await first).statusCode).toBe(500);
    expect(await catalogue()).toEqual(before);
    expect((await checkStatistics(apps[0]!.db)).differences).toEqual([]);
    delete productImportPauses.betweenChunks;
    expect((await importOn(apps[1]!, rows('PG-OTHER', 2))).statusCode).toBe(201);
  });
});
