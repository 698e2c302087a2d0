import net from 'node:net';
import { bearer, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { LiveTestClient, listenForLive } from './support/live-client';

describe('cookie-signed writes come from the product’s own pages', () => {
  let app: TestApp;
  let cookie: string;
  let idToken: string;
  const ownOrigin = 'http://localhost:3000';
  beforeAll(async () => {
    app = await buildTestApp();
    const { auth } = await signUp(app);
    idToken = auth.idToken;
    const session = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token: auth.idToken },
    });
    cookie = String(session.headers['set-cookie']).split(';')[0]!;
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const createWorkspace = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/user/workspaces',
      headers,
      payload: { workspaceName: 'Shop', websiteUrl: 'https://shop.example' },
    });

  it('refuses a cookie-signed write from another origin, and writes nothing', async () => {
    const before = await app.inject({
      method: 'GET',
      url: '/api/user/workspaces',
      headers: { cookie },
    });
    const forged = await createWorkspace({ cookie, origin: 'http://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('permission-denied');
    const byReferer = await createWorkspace({ cookie, referer: 'http://evil.example/page' });
    expect(byReferer.statusCode).toBe(403);
    const after = await app.inject({
      method: 'GET',
      url: '/api/user/workspaces',
      headers: { cookie },
    });
    expect(after.json()).toEqual(before.json());
  });

  it('accepts it from the product’s own origin, or from a client that sends no origin', async () => {
    expect((await createWorkspace({ cookie, origin: ownOrigin })).statusCode).toBe(201);
    expect((await createWorkspace({ cookie, referer: `${ownOrigin}/dashboard` })).statusCode).toBe(
      201,
    );
    expect((await createWorkspace({ cookie })).statusCode).toBe(201);
  });

  it('leaves bearer tokens alone: a page cannot make a browser attach one', async () => {
    const response = await createWorkspace({
      ...bearer({ idToken }),
      origin: 'http://evil.example',
    });
    expect(response.statusCode).toBe(201);
  });

  it('lets cookie-signed reads through from anywhere (they change nothing)', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('starting and holding connections', () => {
  it(
    'never gives up on a slow start (no plugin time-out)',
    async () => {
      const app = await buildTestApp();
      try {
        expect(app.initialConfig.pluginTimeout).toBe(0);
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );

  it(
    'bounds how long headers, requests and idle connections may take',
    async () => {
      const app = await buildTestApp(
        testConfig({
          connections: {
            maxPerAddress: 50,
            headersTimeoutMs: 4_000,
            requestTimeoutMs: 20_000,
            keepAliveTimeoutMs: 3_000,
          },
        }),
      );
      try {
        expect(app.server.headersTimeout).toBe(4_000);
        expect(app.server.requestTimeout).toBe(20_000);
        expect(app.server.keepAliveTimeout).toBe(3_000);
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );

  it(
    'closes connections beyond the cap per address, and frees a place when one closes',
    async () => {
      const base = testConfig();
      const app = await buildTestApp({
        ...base,
        connections: { ...base.connections, maxPerAddress: 2 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const open = (): Promise<net.Socket> =>
        new Promise((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        });
      /** Whether the server answers a request on this socket (false: it closed the socket). */
      const answers = (socket: net.Socket): Promise<boolean> =>
        new Promise((resolve) => {
          socket.once('data', () => resolve(true));
          socket.once('close', () => resolve(false));
          socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        });
      try {
        const first = await open();
        const second = await open();
        const third = await open();
        expect(await answers(third)).toBe(false);
        expect(await answers(first)).toBe(true);
        second.destroy();
        await new Promise((resolve) => setTimeout(resolve, 50));
        const fourth = await open();
        expect(await answers(fourth)).toBe(true);
        first.destroy();
        fourth.destroy();
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );
});

describe('live sockets that never sign in', () => {
  it(
    'are closed once the sign-in time is up; a signed-in one stays',
    async () => {
      const base = testConfig();
      const app = await buildTestApp({ ...base, live: { ...base.live, authTimeoutMs: 300 } });
      try {
        await listenForLive(app);
        const { auth } = await signUp(app);
        const silent = await LiveTestClient.connect(app);
        const signedIn = await LiveTestClient.signedIn(app, auth.idToken);
        const started = Date.now();
        expect(await silent.closed).toEqual({ code: 4401, reason: 'unauthenticated' });
        expect(Date.now() - started).toBeLessThan(5_000);
        // Past the same time, the signed-in socket still answers.
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(signedIn.socket.readyState).toBe(signedIn.socket.OPEN);
        await signedIn.close();
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );
});
