import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { AuthResponse } from 'shared-sdk';
import { importProductsResponseSchema, productPhotosJobSchema } from 'shared-sdk/schemas';
import { findJob, toJobDocument } from '../src/jobs/job-store';
import { parseAllowHosts } from '../src/outbound/address-check';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { choosePlan } from './fixtures/plan';
import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { eventually } from './support/eventually';

jest.setTimeout(30_000);

/**
 * A shop's image host on loopback: one photo, one 404, one page that is not an image and one
 * address that never answers.
 */
async function startImageHost(): Promise<{ server: Server; origin: string; port: number }> {
  const photo = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#2a7' },
  })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    if (request.url === '/files/lantern.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    } else if (request.url === '/files/brochure.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Not a photo</p>');
    } else if (request.url === '/files/hanging.png') {
      // Held open until the copy gives up or the test ends.
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, port };
}

describe("an import's photos (Shopify's Image Src) copied in by a background job", () => {
  let app: TestApp;
  let admin: AuthResponse;
  let workspaceId: string;
  let host: Awaited<ReturnType<typeof startImageHost>>;

  beforeAll(async () => {
    host = await startImageHost();
    app = await buildTestApp({
      outbound: { allowHosts: parseAllowHosts(`127.0.0.1:${host.port}`) },
    });
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    await choosePlan(app, admin, workspaceId, 'growth');
  }, appStartTimeoutMs);
  afterEach(async () => {
    expect((await checkStatistics(app.db)).differences).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    host?.server.closeAllConnections();
    host?.server.close();
  });

  const row = (sku: string, imageUrl?: string, status?: 'active' | 'disabled') => ({
    sku,
    name: `Lantern ${sku}`,
    description: 'A rechargeable lantern.',
    price: 19.5,
    stock: 4,
    ...(status ? { status } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  });
  const importRows = (products: object[]) =>
    app.inject({
      method: 'POST',
      url: '/api/user/products-import',
      headers: bearer(admin),
      payload: { workspaceId, products },
    });
  const productsBySku = async () =>
    new Map(
      (
        await app.db
          .selectFrom('products')
          .select(['sku', 'status', 'photoUrl'])
          .where('workspaceId', '=', workspaceId)
          .execute()
      ).map((product) => [product.sku, product]),
    );

  it('keeps the products processing until their photos are stored, then gives them their status', async () => {
    const response = await importRows([
      row('PHOTO-1', `${host.origin}/files/lantern.png`),
      row('PHOTO-2', `${host.origin}/files/missing.png`, 'disabled'),
      row('PHOTO-3', `${host.origin}/files/brochure.html`),
      row('PLAIN-1'),
    ]);
    expect(response.statusCode).toBe(201);
    const imported = importProductsResponseSchema.parse(response.json());
    expect(imported).toMatchObject({ created: 4, updated: 0, photos: { count: 3 } });

    const job = await eventually(
      async () => {
        const found = await findJob(app.db, workspaceId, imported.photos!.jobId);
        return found && productPhotosJobSchema.parse(toJobDocument(found));
      },
      (found) => found?.status === 'done',
      'the photo job to finish',
    );
    expect(job).toMatchObject({ total: 3, done: 3 });
    expect(job?.failed).toEqual([
      { sku: 'PHOTO-2', reason: "The photo's address answered 404" },
      { sku: 'PHOTO-3', reason: expect.stringMatching(/text\/html, not supported/) },
    ]);

    const products = await productsBySku();
    expect(products.get('PHOTO-1')).toMatchObject({
      status: 'active',
      photoUrl: expect.stringMatching(/\/api\/storage\/images\/products\/.+\/lantern.*\.png$/),
    });
    expect(products.get('PHOTO-2')).toMatchObject({ status: 'disabled', photoUrl: null });
    expect(products.get('PHOTO-3')).toMatchObject({ status: 'active', photoUrl: null });
    expect(products.get('PLAIN-1')).toMatchObject({ status: 'active', photoUrl: null });
    expect((await findStatistics(app.db, workspaceId))?.products).toMatchObject({
      processing: 0,
      disabled: 1,
      active: 3,
    });

    // The stored photo is served, converted, like an upload.
    const photoPath = new URL(products.get('PHOTO-1')!.photoUrl!).pathname;
    const served = await app.inject({ method: 'GET', url: photoPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses an image address that is not http(s), naming the row', async () => {
    const response = await importRows([row('BAD-1', 'file:///etc/passwd')]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/products\.0\.imageUrl/);
    expect((await productsBySku()).has('BAD-1')).toBe(false);
  });

  it('answers photos: null when no row has a photo to copy', async () => {
    const response = await importRows([row('PLAIN-2')]);
    expect(importProductsResponseSchema.parse(response.json())).toEqual({
      created: 1,
      updated: 0,
      photos: null,
    });
  });

  it('gives the products a failed copy had not reached their status, without a photo', async () => {
    const response = await importRows([
      row('STUCK-1', `${host.origin}/files/hanging.png`),
      row('STUCK-2', `${host.origin}/files/lantern.png`, 'disabled'),
    ]);
    const { photos } = importProductsResponseSchema.parse(response.json());
    const running = () => findJob(app.db, workspaceId, photos!.jobId);
    await eventually(running, (job) => job?.status === 'running', 'the copy to start');
    expect((await findStatistics(app.db, workspaceId))?.products.processing).toBe(2);

    // As its server crashing for the third time leaves it: another owner's lease, run out.
    await app.db
      .updateTable('jobs')
      .set({ attempts: 3, leaseOwner: 'gone', leaseExpiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', photos!.jobId)
      .execute();
    const failed = await eventually(running, (job) => job?.status === 'failed', 'the give-up');
    expect(failed?.error).toMatch(/stopped 3 times/);

    const products = await productsBySku();
    expect(products.get('STUCK-1')).toMatchObject({ status: 'active', photoUrl: null });
    expect(products.get('STUCK-2')).toMatchObject({ status: 'disabled', photoUrl: null });
    expect((await findStatistics(app.db, workspaceId))?.products.processing).toBe(0);
  });
});
