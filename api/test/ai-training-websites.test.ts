import type { AuthResponse } from 'shared-sdk';
import { aiTrainingWebsiteSchema, botPreviewSchema, getLinksJobSchema } from 'shared-sdk/schemas';
import type { AiTrainingWebsite, GetLinksJob } from 'shared-sdk/schemas';
import { startConversation } from './fixtures/conversation';
import { seedTeams } from './fixtures/teams';
import { startTrainingSite, type TrainingSite } from './fixtures/training-site';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { eventually } from './support/eventually';
import { listenForLive, LiveTestClient } from './support/live-client';
import { parseAllowHosts } from '../src/outbound/address-check';

jest.setTimeout(60_000);

const ended = (job: GetLinksJob) => ['done', 'failed', 'cancelled'].includes(job.status);

describe('website training (getLinks, /api/user/ai-training-websites, the bot on pages)', () => {
  let site: TrainingSite;
  /** The same site answering slowly: a discovery of it is still under way when the test acts. */
  let slowSite: TrainingSite;
  let app: TestApp;
  let admin: AuthResponse;
  let agent: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    site = await startTrainingSite({ pages: 40 });
    slowSite = await startTrainingSite({ pages: 40, latencyMs: 100 });
    app = await buildTestApp({
      // The test site is on loopback: allowed by name, as an operator allows an intranet site.
      outbound: {
        allowHosts: parseAllowHosts(`127.0.0.1:${site.port},127.0.0.1:${slowSite.port}`),
      },
      crawl: {
        maxPages: 500,
        maxDepth: 5,
        maxBytesPerPage: 2 * 1024 * 1024,
        concurrency: 2,
        delayMs: 0,
      },
    });
    await listenForLive(app);
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    agent = teams.team.agent.auth;
    otherAdmin = teams.otherTeam.admin.auth;
  }, appStartTimeoutMs);
  afterEach(() => Promise.all(clients.splice(0).map((client) => client.close())));
  afterAll(async () => {
    await app?.close();
    await site?.close();
    await slowSite?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: AuthResponse | null,
    payload?: object,
  ) =>
    app.inject({ method, url, headers: auth ? bearer(auth) : {}, ...(payload ? { payload } : {}) });

  const startDiscovery = async (baseUrl = site.url, auth = admin) => {
    const response = await call('POST', '/api/user/get-links', auth, { workspaceId, baseUrl });
    expect(response.statusCode).toBe(201);
    return (response.json() as { jobId: string }).jobId;
  };
  const readJob = async (jobId: string, auth = admin) => {
    const response = await call(
      'GET',
      `/api/user/get-links/${jobId}?workspaceId=${workspaceId}`,
      auth,
    );
    expect(response.statusCode).toBe(200);
    return getLinksJobSchema.parse(response.json());
  };
  const discover = async (baseUrl = site.url) => {
    const jobId = await startDiscovery(baseUrl);
    return eventually(() => readJob(jobId), ended, 'discovery');
  };

  const createWebsite = async (paths: string[]) => {
    const response = await call('POST', '/api/user/ai-training-websites', admin, {
      workspaceId,
      baseUrl: site.url,
      links: paths.map((path) => `${site.url}${path}`),
    });
    expect(response.statusCode).toBe(201);
    return aiTrainingWebsiteSchema.parse(response.json());
  };
  const readWebsite = async (websiteId: string): Promise<AiTrainingWebsite> => {
    const client = await LiveTestClient.signedIn(app, admin.idToken);
    try {
      const docs = await client.subscribe('websites', {
        collection: 'ai_training_websites',
        workspaceId,
        where: [{ field: 'id', op: '==', value: websiteId }],
      });
      return aiTrainingWebsiteSchema.parse(docs[0]);
    } finally {
      await client.close();
    }
  };
  const settled = (websiteId: string) =>
    eventually(
      () => readWebsite(websiteId),
      (website) => website.pages.every((page) => page.state !== 'pending'),
      'reading every page',
    );
  const ask = async (question: string) => {
    const response = await call('POST', '/api/user/bot-preview', admin, { workspaceId, question });
    expect(response.statusCode).toBe(200);
    return botPreviewSchema.parse(response.json());
  };
  const page = (website: AiTrainingWebsite, path: string) =>
    website.pages.find((candidate) => candidate.url === `${site.url}${path}`);

  it('discovers the site: sitemaps and links, never what robots.txt disallows, only same-site HTML pages', async () => {
    const job = await discover();
    expect(job.status).toBe('done');
    const urls = job.links.map((link) => link.url.replace(site.url, ''));
    expect(urls).toEqual(
      expect.arrayContaining(['/', '/shipping', '/returns', '/about', '/p/1', '/p/40']),
    );
    for (const refused of [
      '/private/secret',
      '/loop-a',
      '/big',
      '/guide.pdf',
      '/missing',
      '/to-other-port',
    ]) {
      expect(urls).not.toContain(refused);
    }
    expect(urls.some((url) => url.includes('elsewhere.example'))).toBe(false);
    expect(job.links.find((link) => link.url === `${site.url}/shipping`)?.title).toMatch(
      /Shipping/,
    );
    expect(job.pagesFetched).toBeGreaterThanOrEqual(job.links.length);
    expect(job.pagesFound).toBeGreaterThanOrEqual(job.links.length);
    // robots.txt was read, and the disallowed page was never requested.
    expect(site.requests).toContain('/robots.txt');
    expect(site.requests.some((path) => path.startsWith('/private/'))).toBe(false);
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
  });

  it('shows discovery live: the job document moves as pages are read', async () => {
    const client = await LiveTestClient.signedIn(app, admin.idToken);
    clients.push(client);
    const jobId = await startDiscovery();
    const [first] = await client.subscribe('job', {
      collection: 'jobs',
      workspaceId,
      where: [{ field: 'id', op: '==', value: jobId }],
    });
    const seen: number[] = [Number(first?.pagesFetched ?? 0)];
    let status = String(first?.status);
    while (!['done', 'failed', 'cancelled'].includes(status)) {
      const { changes } = await client.nextChanges('job', 20_000);
      for (const change of changes) {
        if (change.type === 'removed') continue;
        seen.push(Number(change.doc.pagesFetched));
        status = String(change.doc.status);
      }
    }
    expect(status).toBe('done');
    expect(new Set(seen).size).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('cancels a discovery and keeps the links found so far', async () => {
    const jobId = await startDiscovery(slowSite.url);
    await eventually(
      () => readJob(jobId),
      (job) => job.links.length >= 3,
      'a few pages listed',
    );
    const response = await call('DELETE', `/api/user/get-links/${jobId}`, admin, { workspaceId });
    expect(response.statusCode).toBe(200);
    expect(getLinksJobSchema.parse(response.json()).status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const job = await readJob(jobId);
    expect(job.status).toBe('cancelled');
    expect(job.links.length).toBeGreaterThan(0);
  });

  it('refuses bad addresses, other workspaces and agents with clear answers', async () => {
    for (const baseUrl of ['shop.example', 'ftp://shop.example/', 'javascript:alert(1)']) {
      const response = await call('POST', '/api/user/get-links', admin, { workspaceId, baseUrl });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/http:\/\/ or https:\/\//);
    }
    const jobId = await startDiscovery();
    const theirs = await call(
      'GET',
      `/api/user/get-links/${jobId}?workspaceId=${workspaceId}`,
      otherAdmin,
    );
    expect(theirs.statusCode).toBe(404);
    const agents = await call('POST', '/api/user/get-links', agent, {
      workspaceId,
      baseUrl: site.url,
    });
    expect(agents.statusCode).toBe(403);
    const unknown = await call('GET', `/api/user/get-links/nope?workspaceId=${workspaceId}`, admin);
    expect(unknown.statusCode).toBe(404);
    const foreignLink = await call('POST', '/api/user/ai-training-websites', admin, {
      workspaceId,
      baseUrl: site.url,
      links: [`${site.url}/shipping`, 'https://elsewhere.example/prices'],
    });
    expect(foreignLink.statusCode).toBe(400);
    expect(foreignLink.json().error.message).toBe(
      `links: https://elsewhere.example/prices is not on 127.0.0.1:${site.port}`,
    );
    await eventually(() => readJob(jobId), ended, 'discovery');
  });

  it('reads the chosen pages: indexed, skipped by robots.txt, failed with the reason; the bot answers from them with a link', async () => {
    const website = await createWebsite([
      '/shipping',
      '/returns',
      '/private/secret',
      '/missing',
      '/guide.pdf',
    ]);
    expect(website.pages.map((candidate) => candidate.state)).toEqual(Array(5).fill('pending'));
    const read = await settled(website.id);
    expect(page(read, '/shipping')).toMatchObject({
      state: 'indexed',
      reason: null,
      title: expect.stringMatching(/Shipping/),
    });
    expect(page(read, '/private/secret')).toMatchObject({
      state: 'skipped',
      reason: expect.stringMatching(/robots\.txt/),
    });
    expect(page(read, '/missing')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/404/),
    });
    expect(page(read, '/guide.pdf')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/not an HTML page/i),
    });

    const preview = await ask('How many days does standard delivery take?');
    expect(preview).toMatchObject({
      kind: 'answer',
      content: expect.stringMatching(/3 to 5 working days/),
      source: { kind: 'webpage', url: `${site.url}/shipping` },
    });
    // A customer in the widget gets the page's text and its link.
    const { conversationId } = await startConversation(
      app,
      workspaceId,
      'How many days does standard delivery take?',
    );
    const reply = await eventually(
      () =>
        app.db
          .selectFrom('messages')
          .selectAll()
          .where('conversationId', '=', conversationId)
          .where('role', '=', 'bot')
          .executeTakeFirst(),
      (row) => row !== undefined,
      'the bot reply',
    );
    expect(reply?.content).toMatch(/3 to 5 working days/);
    expect(reply?.sourceLink).toEqual({
      url: `${site.url}/shipping`,
      title: expect.stringMatching(/Shipping/),
    });

    // Removing the link removes the page from the bot at once.
    const patched = await call('PATCH', '/api/user/ai-training-websites', admin, {
      workspaceId,
      websiteId: website.id,
      links: [`${site.url}/returns`],
    });
    expect(patched.statusCode).toBe(200);
    expect(aiTrainingWebsiteSchema.parse(patched.json()).pages.map((p) => p.url)).toEqual([
      `${site.url}/returns`,
    ]);
    const after = await ask('How many days does standard delivery take?');
    expect(after.source?.url ?? null).not.toBe(`${site.url}/shipping`);
    expect(after.content).not.toMatch(/3 to 5 working days/);

    const deleted = await call('DELETE', '/api/user/ai-training-websites', admin, {
      workspaceId,
      websiteId: website.id,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await ask('How do I return a kettle?')).source?.kind ?? null).not.toBe('webpage');
    const again = await call('DELETE', '/api/user/ai-training-websites', admin, {
      workspaceId,
      websiteId: website.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('re-syncs: a changed page is read anew, an unchanged one keeps its text and date', async () => {
    const website = await createWebsite(['/shipping', '/about']);
    const first = await settled(website.id);
    // The bot's index is in memory now: the re-sync below must reach it page by page.
    expect((await ask('When was Acme Kettles founded?')).content).toMatch(/1987/);
    site.setPage(
      '/about',
      '<html><head><title>About us</title></head><body><main><h1>About Acme Kettles</h1><p>Acme Kettles moved to a new workshop in York in 2024, where every kettle is now repaired.</p></main></body></html>',
    );
    const response = await call('POST', '/api/user/ai-training-websites-resync', admin, {
      workspaceId,
      websiteId: website.id,
    });
    expect(response.statusCode).toBe(200);
    const second = await settled(website.id);
    expect(page(second, '/shipping')?.changedAt).toBe(page(first, '/shipping')?.changedAt);
    expect(page(second, '/about')?.changedAt).not.toBe(page(first, '/about')?.changedAt);
    expect(page(second, '/shipping')?.readAt).not.toBe(page(first, '/shipping')?.readAt);
    expect((await ask('Where is the new workshop?')).content).toMatch(/York/);
    expect((await ask('When was Acme Kettles founded?')).content).not.toMatch(/1987/);
    await call('DELETE', '/api/user/ai-training-websites', admin, {
      workspaceId,
      websiteId: website.id,
    });
  });

  it('refuses a loopback site as a private address when the setting does not allow it', async () => {
    const strict = await buildTestApp();
    try {
      const teams = await seedTeams(strict);
      const response = await strict.inject({
        method: 'POST',
        url: '/api/user/get-links',
        headers: bearer(teams.team.admin.auth),
        payload: { workspaceId: teams.team.workspaceId, baseUrl: site.url },
      });
      const { jobId } = response.json() as { jobId: string };
      const job = await eventually(
        async () =>
          getLinksJobSchema.parse(
            (
              await strict.inject({
                method: 'GET',
                url: `/api/user/get-links/${jobId}?workspaceId=${teams.team.workspaceId}`,
                headers: bearer(teams.team.admin.auth),
              })
            ).json(),
          ),
        ended,
        'the refusal',
      );
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/127\.0\.0\.1.*loopback/i);
      expect(job.links).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
