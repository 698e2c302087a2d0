import type { LiveDoc } from 'shared-sdk';
import type { AiTrainingWebsite, BotPreview, GetLinksJob } from 'shared-sdk/schemas';
import {
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import {
  buildBotPreview,
  buildGetLinksJob,
  buildWebpage,
  buildWebsite,
  type GetLinksJobDoc,
} from './website-data';

type WebsiteDoc = AiTrainingWebsite & LiveDoc;
type Body = {
  workspaceId: string;
  websiteId?: string;
  baseUrl?: string;
  links?: string[];
  question?: string;
};

const notFound = (what: string) => errorReply(404, 'not-found', `No ${what}`);

/**
 * The websites calls of product-spec.md §7, website discovery (getLinks) and "Try the bot", with the live
 * collections they change, in memory. Discovery jobs stay queued until the test moves them on
 * with `updateJob`, as the crawler would. `answer` is what the bot says to a question;
 * `override` answers a call differently (e.g. an error).
 */
export function fakeWebsitesServer({
  websites = [],
  jobs = [],
  answer = () => buildBotPreview(),
  override = () => undefined,
}: {
  websites?: WebsiteDoc[];
  jobs?: GetLinksJobDoc[];
  answer?: (question: string) => BotPreview;
  override?: (request: FakeRequest) => FakeReply | undefined;
} = {}) {
  const live = connectFakeLiveCollections({ ai_training_websites: websites, jobs });
  const storedWebsites = () => (live.collections.ai_training_websites ?? []) as WebsiteDoc[];
  const storedJobs = () => (live.collections.jobs ?? []) as GetLinksJobDoc[];
  let sequence = 0;

  /** The job moves on (found pages, read them, ended), and its subscribers hear it. */
  async function updateJob(jobId: string, changes: Partial<GetLinksJob>) {
    await live.commit((data) => {
      data.jobs = storedJobs().map((job) => (job.id === jobId ? { ...job, ...changes } : job));
    });
  }

  /** The website changes on the server (its pages are read), and its subscribers hear it. */
  async function updateWebsite(websiteId: string, change: (website: WebsiteDoc) => WebsiteDoc) {
    await live.commit((data) => {
      data.ai_training_websites = storedWebsites().map((website) =>
        website.id === websiteId ? change(website) : website,
      );
    });
  }

  const writeWebsites = (change: (current: WebsiteDoc[]) => WebsiteDoc[]) =>
    live.commit((data) => {
      data.ai_training_websites = change(storedWebsites());
    });

  // A link chosen now waits to be read; one kept keeps its state.
  const pagesFor = (links: string[], website?: WebsiteDoc) =>
    links.map(
      (url) =>
        website?.pages.find((page) => page.url === url) ??
        buildWebpage({ url, title: '', state: 'pending', readAt: null, changedAt: null }),
    );

  const api = fakeApi(async (request) => {
    const overridden = override(request);
    if (overridden) return overridden;
    const { method, url } = request;
    const body = (request.body ?? {}) as Body;
    sequence += 1;
    const now = new Date(Date.UTC(2025, 5, 1, 12, 0, sequence)).toISOString();

    if (method === 'POST' && url === '/api/user/get-links') {
      const job = buildGetLinksJob({ id: `job_${sequence}`, baseUrl: body.baseUrl });
      await live.commit((data) => {
        data.jobs = [...storedJobs(), job];
      });
      return { status: 201, body: { jobId: job.id } };
    }
    const jobPath = /^\/api\/user\/get-links\/([^/?]+)/.exec(url);
    if (jobPath) {
      const job = storedJobs().find((stored) => stored.id === decodeURIComponent(jobPath[1]!));
      if (!job) return notFound('job');
      if (method === 'GET') return { status: 200, body: job };
      if (method === 'DELETE') {
        await updateJob(job.id, { status: 'cancelled', finishedAt: new Date().toISOString() });
        return { status: 200, body: storedJobs().find((stored) => stored.id === job.id) };
      }
    }
    if (method === 'POST' && url === '/api/user/bot-preview') {
      return { status: 200, body: answer(body.question ?? '') };
    }

    const existing = storedWebsites().find((website) => website.id === body.websiteId);
    if (method === 'POST' && url === '/api/user/ai-training-websites-resync') {
      return existing ? { status: 200, body: existing } : notFound('website');
    }
    if (url !== '/api/user/ai-training-websites') return notFoundReply(request);
    if (method === 'POST') {
      const links = body.links ?? [];
      const website = buildWebsite({
        id: `website_new_${sequence}`,
        baseUrl: body.baseUrl,
        links,
        pages: pagesFor(links),
        createdAt: now,
        updatedAt: now,
      });
      // Newest first, as the server orders them.
      await writeWebsites((current) => [website, ...current]);
      return { status: 201, body: website };
    }
    if (!existing) return notFound('website');
    if (method === 'PATCH') {
      const links = body.links ?? [];
      const website = { ...existing, links, pages: pagesFor(links, existing), updatedAt: now };
      await writeWebsites((current) =>
        current.map((item) => (item.id === website.id ? website : item)),
      );
      return { status: 200, body: website };
    }
    if (method === 'DELETE') {
      await writeWebsites((current) => current.filter((item) => item.id !== existing.id));
      return { status: 204 };
    }
    return notFoundReply(request);
  });

  return { ...api, live, updateJob, updateWebsite, jobs: storedJobs };
}
