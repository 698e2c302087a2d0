import { progressMediaType, type AuthResponse } from 'shared-sdk';
import { productSchema, type CreateProductRequest } from 'shared-sdk/schemas';
import { findStatistics } from '../src/repositories/statistics';
import { productImportChunkRows } from '../src/services/product-import';
import { checkStatistics } from '../src/services/statistics-check';
import { startConversation } from './fixtures/conversation';
import { choosePlan } from './fixtures/plan';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { listenForLive, LiveTestClient } from './support/live-client';

jest.setTimeout(30_000);

describe('product calls (/api/user/products)', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let stranger: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let nextId = 0;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    await listenForLive(app);
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    stranger = teams.stranger.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
    otherAdmin = teams.otherTeam.admin.auth;
    await choosePlan(app, admin, workspaceId, 'growth');
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });
  afterAll(() => app?.close());

  const send = (method: 'POST' | 'PATCH' | 'DELETE', auth: AuthResponse | null, payload: object) =>
    app.inject({
      method,
      url: '/api/user/products',
      headers: auth ? bearer(auth) : {},
      payload,
    });

  const newProduct = (overrides: Partial<CreateProductRequest> = {}): CreateProductRequest => {
    nextId += 1;
    return {
      workspaceId,
      productId: `product-${nextId}`,
      sku: `SKU-${nextId}`,
      name: `Trail lantern ${nextId}`,
      description: 'A rechargeable lantern for the campsite.',
      stock: 12,
      price: 129.99,
      ...overrides,
    };
  };

  const create = async (overrides: Partial<CreateProductRequest> = {}, auth = admin) => {
    const response = await send('POST', auth, newProduct(overrides));
    expect(response.statusCode).toBe(201);
    return productSchema.parse(response.json());
  };

  const productCounts = async (id = workspaceId) => (await findStatistics(app.db, id))?.products;

  it('creates a product with an exact price, counts it, and a retry with the same id creates nothing more', async () => {
    const before = await productCounts();
    const request = newProduct({ price: 19.99, salesPitch: 'Lights a tent' });
    const first = await send('POST', admin, request);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: request.productId,
      workspaceId,
      sku: request.sku,
      name: request.name,
      description: request.description,
      status: 'active',
      price: 19.99,
      stock: 12,
      photoUrl: null,
      salesPitch: 'Lights a tent',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const stored = await app.db
      .selectFrom('products')
      .select('priceMinor')
      .where('id', '=', request.productId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.priceMinor)).toBe(1999);

    const retry = await send('POST', admin, request);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    // Tries of one create sent at once store one product too.
    const again = newProduct();
    const together = await Promise.all([1, 2, 3].map(() => send('POST', admin, again)));
    expect(together.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(together.map((response) => response.json().id))).toEqual(
      new Set([again.productId]),
    );
    expect(await productCounts()).toEqual({
      ...before,
      all: before!.all + 2,
      active: before!.active + 2,
    });
  });

  it('refuses a SKU already used in the workspace, naming it; another workspace may use it', async () => {
    const product = await create({ sku: 'LANTERN-XL' });
    const duplicate = await send('POST', admin, newProduct({ sku: 'LANTERN-XL' }));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      error: {
        code: 'invalid-argument',
        message: 'A product with SKU LANTERN-XL already exists',
      },
    });
    const other = await create();
    const renamed = await send('PATCH', admin, {
      ...newProduct(),
      productId: other.id,
      sku: product.sku,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe('A product with SKU LANTERN-XL already exists');

    const elsewhere = await send(
      'POST',
      otherAdmin,
      newProduct({ workspaceId: otherWorkspaceId, sku: 'LANTERN-XL' }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    ['a negative price', { price: -1 }, 'price'],
    ['a price with three decimals', { price: 1.005 }, 'price'],
    ['a price given as text', { price: '12.50' }, 'price'],
    ['a negative stock', { stock: -2 }, 'stock'],
    ['a stock that is not whole', { stock: 1.5 }, 'stock'],
    ['a stock given as text', { stock: 'many' }, 'stock'],
    ['an empty SKU', { sku: '  ' }, 'sku'],
    ['an empty name', { name: '' }, 'name'],
    ['an unknown status', { status: 'archived' }, 'status'],
    ['processing set by hand', { status: 'processing' }, 'status'],
  ])('refuses %s with invalid-argument naming the field', async (_case, overrides, field) => {
    const response = await send('POST', admin, { ...newProduct(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(response.json().error.message).toContain(field);
  });

  it('changes a product and moves its count when it is disabled and enabled', async () => {
    const product = await create();
    const before = await productCounts();
    const disabled = await send('PATCH', admin, {
      ...newProduct(),
      productId: product.id,
      sku: product.sku,
      name: 'Trail lantern, blue',
      price: 99.5,
      stock: 3,
      status: 'disabled',
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      name: 'Trail lantern, blue',
      price: 99.5,
      stock: 3,
      status: 'disabled',
    });
    expect(await productCounts()).toEqual({
      ...before,
      active: before!.active - 1,
      disabled: before!.disabled + 1,
    });

    // Without a status the product keeps the one it has.
    const renamed = await send('PATCH', admin, {
      ...newProduct(),
      productId: product.id,
      sku: product.sku,
    });
    expect(renamed.json().status).toBe('disabled');
    expect(await productCounts()).toEqual({
      ...before,
      active: before!.active - 1,
      disabled: before!.disabled + 1,
    });
  });

  it('is for admins of the workspace: agents 403, strangers and other workspaces 404, no token 401', async () => {
    const product = await create();
    expect((await send('POST', agent, newProduct())).statusCode).toBe(403);
    expect((await send('POST', stranger, newProduct())).statusCode).toBe(404);
    expect((await send('POST', null, newProduct())).statusCode).toBe(401);
    const asOtherAdmin = await send('PATCH', otherAdmin, {
      ...newProduct({ workspaceId: otherWorkspaceId }),
      productId: product.id,
      sku: product.sku,
    });
    expect(asOtherAdmin.statusCode).toBe(404);
    expect(asOtherAdmin.json().error.message).toBe(`Product ${product.id} not found`);
    const deleteAsOther = await send('DELETE', otherAdmin, {
      workspaceId: otherWorkspaceId,
      productIds: [product.id],
    });
    expect(deleteAsOther.json()).toEqual({ deleted: 0 });
    expect((await send('DELETE', agent, { workspaceId, productId: product.id })).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', admin, { workspaceId, productId: product.id })).json()).toEqual({
      deleted: 1,
    });
    const again = await send('DELETE', admin, { workspaceId, productId: product.id });
    expect(again.statusCode).toBe(404);
  });

  it('deletes several products, and every product of a status in one statement with exact counts', async () => {
    const kept = await create();
    const [a, b] = [await create(), await create()];
    for (let i = 0; i < 3; i += 1) await create({ status: 'disabled' });
    const before = await productCounts();

    const some = await send('DELETE', admin, { workspaceId, productIds: [a.id, b.id, 'nope'] });
    expect(some.json()).toEqual({ deleted: 2 });
    const byStatus = await send('DELETE', admin, { workspaceId, where: { status: 'disabled' } });
    expect(byStatus.json()).toEqual({ deleted: before!.disabled });
    expect(await productCounts()).toEqual({
      all: before!.all - 2 - before!.disabled,
      active: before!.active - 2,
      disabled: 0,
      processing: 0,
    });
    const left = await app.db
      .selectFrom('products')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', kept.id)
      .execute();
    expect(left).toHaveLength(1);

    const neither = await send('DELETE', admin, {
      workspaceId,
      productIds: [kept.id],
      where: { status: 'active' },
    });
    expect(neither.statusCode).toBe(400);
  });

  it('lists products live with search, a status filter and an order by name', async () => {
    const client = await LiveTestClient.signedIn(app, admin.idToken);
    clients.push(client);
    await create({ sku: 'TENT-2P', name: 'Ridge tent for two' });
    const found = await client.subscribe('search', {
      collection: 'products',
      workspaceId,
      where: [
        { field: 'search', op: 'contains', value: 'tent-2' },
        { field: 'status', op: '==', value: 'active' },
      ],
    });
    expect(found.map((doc) => doc.sku)).toEqual(['TENT-2P']);

    const byName = await client.subscribe('byName', {
      collection: 'products',
      workspaceId,
      where: [{ field: 'search', op: 'contains', value: 'RIDGE' }],
      orderBy: [{ field: 'name', direction: 'asc' }],
      limit: 1,
    });
    expect(byName.map((doc) => doc.name)).toEqual(['Ridge tent for two']);

    const added = await create({ sku: 'TENT-3P', name: 'Ridge tent for three' });
    expect((await client.nextChanges('byName')).changes).toEqual([
      { type: 'removed', doc: expect.objectContaining({ sku: 'TENT-2P' }) },
      { type: 'added', doc: added },
    ]);

    const refused = await client.subscribeRefused('bad', {
      collection: 'products',
      workspaceId,
      where: [{ field: 'name', op: 'contains', value: 'tent' }],
    });
    expect(refused).toMatchObject({ code: 'invalid-argument' });
  });

  it('the bot answers the price and stock of active products only, in the workspace currency', async () => {
    await create({ sku: 'STOVE-1', name: 'Ember camp stove', price: 89.5, stock: 2 });
    await create({ sku: 'KETTLE-1', name: 'Copper kettle', price: 45, status: 'disabled' });
    const currency = await app.inject({
      method: 'PATCH',
      url: '/api/user/workspaces',
      headers: bearer(admin),
      payload: {
        workspaceId,
        workspaceName: 'Gear',
        websiteUrl: 'https://gear.example',
        currency: 'EUR',
      },
    });
    expect(currency.statusCode).toBe(200);

    const ask = async (question: string) => {
      const { session } = await startConversation(app, workspaceId, question);
      const messages = await app.inject({
        method: 'GET',
        url: '/api/widget/messages',
        headers: { authorization: `Bearer ${session.visitorToken}` },
      });
      return messages.json().messages.at(-1);
    };
    const priceAnswer = await ask('How much is the Ember camp stove?');
    expect(priceAnswer.content).toContain('€89.50');
    expect(priceAnswer.productCard).toEqual({
      productId: expect.any(String),
      name: 'Ember camp stove',
      price: 89.5,
      currency: 'EUR',
      stock: 2,
      photoUrl: null,
    });
    expect((await ask('Is the Ember camp stove in stock?')).content).toContain('only 2 left');
    expect(await ask('How much is the copper kettle?')).toMatchObject({ role: 'bot' });
    expect((await ask('How much is the copper kettle?')).content).not.toContain('45');
  });

  describe('import (/api/user/products-import)', () => {
    const importProducts = (auth: AuthResponse, products: object[]) =>
      app.inject({
        method: 'POST',
        url: '/api/user/products-import',
        headers: bearer(auth),
        payload: { workspaceId, products },
      });
    const row = (sku: string, overrides: object = {}) => ({
      sku,
      name: `Imported ${sku}`,
      description: 'From a CSV file',
      price: 10.5,
      stock: 4,
      ...overrides,
    });
    const skus = async () =>
      (
        await app.db
          .selectFrom('products')
          .select('sku')
          .where('workspaceId', '=', workspaceId)
          .execute()
      ).map((product) => product.sku);

    it('adds new SKUs and changes known ones, over several statements, in one event with exact counts', async () => {
      const known = await create({ sku: 'KNOWN-1', name: 'Old name' });
      const client = await LiveTestClient.signedIn(app, admin.idToken);
      clients.push(client);
      await client.subscribe('products', { collection: 'products', workspaceId, limit: 1 });
      const rows = [
        row('KNOWN-1', { name: 'New name', status: 'disabled' }),
        ...Array.from({ length: 2500 }, (_, index) => row(`BULK-${index}`)),
      ];
      const response = await importProducts(admin, rows);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ created: 2500, updated: 1, photos: null });

      const changed = await app.db
        .selectFrom('products')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('sku', '=', 'KNOWN-1')
        .executeTakeFirstOrThrow();
      expect(changed).toMatchObject({ id: known.id, name: 'New name', status: 'disabled' });
      expect((await client.nextChanges('products')).changes).toHaveLength(2);
      // The statistics check after each test recounts every counter.
    });

    it('writes nothing when one row is bad, and names the row and field', async () => {
      const before = await skus();
      const response = await importProducts(admin, [
        row('GOOD-1'),
        row('GOOD-2'),
        row('BAD-3', { price: -4 }),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain('products.2.price');
      expect(await skus()).toEqual(before);

      const twice = await importProducts(admin, [row('TWICE'), row('OTHER'), row('TWICE')]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().error.message).toContain('SKU TWICE is also in row 1');
      expect(await skus()).toEqual(before);
    });

    it('reports how far it is, line by line, when asked; a refusal before the write is an ordinary answer', async () => {
      const withProgress = (auth: AuthResponse, products: object[]) =>
        app.inject({
          method: 'POST',
          url: '/api/user/products-import',
          headers: { ...bearer(auth), accept: progressMediaType },
          payload: { workspaceId, products },
        });
      const response = await withProgress(
        admin,
        Array.from({ length: 4100 }, (_, index) => row(`LINES-${index}`)),
      );
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toBe(progressMediaType);
      expect(response.headers['content-encoding']).toBeUndefined();
      const lines = response.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      // A line before the first chunk, then one after each chunk is written.
      const done = [0];
      for (let rows = productImportChunkRows; rows < 4100; rows += productImportChunkRows) {
        done.push(rows);
      }
      expect(lines).toEqual([
        ...[...done, 4100].map((rows) => ({ type: 'progress', done: rows, total: 4100 })),
        { type: 'result', result: { created: 4100, updated: 0, photos: null } },
      ]);

      const refused = await withProgress(agent, [row('AGENT-2')]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('permission-denied');
    });

    it('is for admins only', async () => {
      expect((await importProducts(agent, [row('AGENT-1')])).statusCode).toBe(403);
      expect((await importProducts(stranger, [row('STRANGER-1')])).statusCode).toBe(404);
    });
  });
});
