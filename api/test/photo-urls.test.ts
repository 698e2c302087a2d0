import type { AuthResponse } from 'shared-sdk';
import { uploadPng } from './fixtures/photo';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';

// A chatbot's or a product's photo is a file the workspace stored, kept under the URL the
// server builds: an address that only ends like one of ours is refused.

jest.setTimeout(60_000);

describe('photo URLs', () => {
  let app: TestApp;
  let teams: Teams;
  let workspaceId: string;
  let admin: Pick<AuthResponse, 'idToken'>;
  beforeAll(async () => {
    app = await buildTestApp();
    teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    admin = teams.team.admin.auth;
  }, appStartTimeoutMs);
  afterAll(() => app?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

  /** Look-alikes of a real stored photo's URL: another host, no host, scripts, inline data. */
  const forgeriesOf = (storedUrl: string) => {
    const { pathname } = new URL(storedUrl);
    return [
      `https://evil.example${pathname}`,
      `//evil.example${pathname}`,
      `javascript:alert(1)//${pathname}`,
      `javascript:${pathname}`,
      `data:image/png;base64,iVBORw0KGgo=#${pathname}`,
      `${storedUrl}?v=1`,
    ];
  };

  it("keeps a chatbot's photo only as the server's URL of a file uploaded for it", async () => {
    const chatbots = await call('GET', `/api/user/chatbots?workspaceId=${workspaceId}`);
    const chatbot = (chatbots.json() as { id: string }[])[0]!;
    const photo = await uploadPng(
      app,
      admin,
      `images/chatbots/${workspaceId}-${chatbot.id}/bot.png`,
    );
    const settings = {
      workspaceId,
      chatbotId: chatbot.id,
      name: 'Spoke',
      description: '',
      messageBackgroundColor: '#0B6E4F',
      idleTimeoutInMinutes: 30,
    };
    for (const photoUrl of forgeriesOf(photo.url)) {
      const response = await call('PATCH', '/api/user/chatbots', { ...settings, photoUrl });
      expect({ photoUrl, status: response.statusCode }).toEqual({ photoUrl, status: 400 });
    }
    // Root-relative, as a page of the product may send it: kept as the server's own URL.
    const relative = new URL(photo.url).pathname;
    const saved = await call('PATCH', '/api/user/chatbots', { ...settings, photoUrl: relative });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().photoUrl).toBe(photo.url);
  });

  it("keeps a product's photo only as the server's URL of a file this workspace stored", async () => {
    const photo = await uploadPng(app, admin, `images/products/${workspaceId}-p-1/lamp.png`);
    const other = teams.otherTeam;
    const theirs = await uploadPng(
      app,
      other.admin.auth,
      `images/products/${other.workspaceId}-p-9/lamp.png`,
    );
    let next = 0;
    const product = (photoUrl: string) => {
      next += 1;
      return {
        workspaceId,
        productId: `p-photo-${next}`,
        sku: `PHOTO-${next}`,
        name: 'Lamp',
        description: '',
        stock: 1,
        price: 10,
        photoUrl,
      };
    };
    for (const photoUrl of [
      ...forgeriesOf(photo.url),
      'not a url at all',
      theirs.url,
      `${new URL(photo.url).origin}/api/storage/images/products/${workspaceId}-p-1/missing.png`,
    ]) {
      const response = await call('POST', '/api/user/products', product(photoUrl));
      expect({ photoUrl, status: response.statusCode }).toEqual({ photoUrl, status: 400 });
      expect(response.json().error.message).toContain('body.photoUrl');
    }
    const created = await call('POST', '/api/user/products', product(photo.url));
    expect(created.statusCode).toBe(201);
    expect(created.json().photoUrl).toBe(photo.url);

    // An import is held to the same rule, row by row.
    const imported = await call('POST', '/api/user/products-import', {
      workspaceId,
      products: [
        { sku: 'IMP-1', name: 'One', price: 1, stock: 1 },
        { sku: 'IMP-2', name: 'Two', price: 2, stock: 1, photoUrl: 'javascript:alert(1)' },
      ],
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error.message).toContain('products.1.photoUrl');
  });
});
