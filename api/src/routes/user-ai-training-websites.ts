import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiTrainingWebsiteEndpoints, getLinksEndpoints } from 'shared-sdk';
import type { GetLinksJob } from 'shared-sdk/schemas';
import { signedInErrors } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { cancelJob, findJob } from '../jobs/job-store';
import type { JobRow } from '../jobs/job-store';
import {
  changeWebsiteLinks,
  createWebsite,
  readWebsite,
  getLinksJobKind,
  removeWebsite,
  resyncWebsite,
  startLinkDiscovery,
} from '../services/website-training';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field (an address that is not http(s), a link on another site)',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such website or job in it',
};
const tags = ['AI training'];

/** A getLinks job as its calls and its live document show it. */
export function toGetLinksJob(row: JobRow): GetLinksJob {
  const progress = row.progress as Partial<GetLinksJob>;
  return {
    id: row.id,
    status: row.status,
    baseUrl: progress.baseUrl ?? '',
    pagesFound: progress.pagesFound ?? 0,
    pagesFetched: progress.pagesFetched ?? 0,
    links: progress.links ?? [],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const jobNotFound = (jobId: string) => new HttpError(404, `Job ${jobId} not found`);

/**
 * product-spec.md §7 ai-training-websites and getLinks: the web sites the bot learns from, and the discovery
 * of a site's pages (a background job). Admins of the workspace only.
 */
export const userAiTrainingWebsitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(aiTrainingWebsiteEndpoints.create, {
      tags,
      summary:
        'Add a website with the links the bot may learn from; they are read in the background',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, ...fields } = request.body;
      const website = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        createWebsite(trx, workspaceId, fields, now),
      );
      return reply.code(201).send(await readWebsite(app.db, website));
    },
  });

  app.route({
    ...endpointRoute(aiTrainingWebsiteEndpoints.update, {
      tags,
      summary: "Set a website's links: removed ones leave the bot at once, new ones are read",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, websiteId, links } = request.body;
      const website = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        changeWebsiteLinks(trx, workspaceId, websiteId, links, now),
      );
      return readWebsite(app.db, website);
    },
  });

  app.route({
    ...endpointRoute(aiTrainingWebsiteEndpoints.delete, {
      tags,
      summary: 'Delete a website: its pages leave the bot at once',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, websiteId } = request.body;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx }) =>
        removeWebsite(trx, workspaceId, websiteId),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(aiTrainingWebsiteEndpoints.resync, {
      tags,
      summary:
        "Read every link of a website again; unchanged pages keep their place in the bot's index",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, websiteId } = request.body;
      const website = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        resyncWebsite(trx, workspaceId, websiteId, now),
      );
      return readWebsite(app.db, website);
    },
  });

  app.route({
    ...endpointRoute(getLinksEndpoints.start, {
      tags,
      summary: "getLinks: start discovering a site's pages (a job; live as the `jobs` collection)",
      description:
        'robots.txt is obeyed, sitemaps seed the list, then same-site links are followed breadth first. The job stops after 30 minutes (product-spec.md §9), keeping what it found.',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, baseUrl } = request.body;
      const job = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        startLinkDiscovery(trx, workspaceId, baseUrl, now),
      );
      return reply.code(201).send({ jobId: job.id });
    },
  });

  app.route({
    ...endpointRoute(getLinksEndpoints.get, {
      tags,
      summary: 'getLinks: the state of a discovery, and the links it found so far',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      const job = await findJob(app.db, workspaceId, request.params.jobId);
      if (!job || job.kind !== getLinksJobKind) throw jobNotFound(request.params.jobId);
      return toGetLinksJob(job);
    },
  });

  app.route({
    ...endpointRoute(getLinksEndpoints.cancel, {
      tags,
      summary: 'getLinks: cancel a discovery; the links found so far stay',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.body;
      const { jobId } = request.params;
      const job = await memberWrite(app, request, workspaceId, 'admin', async ({ trx }) => {
        const found = await findJob(trx, workspaceId, jobId);
        if (!found || found.kind !== getLinksJobKind) throw jobNotFound(jobId);
        return cancelJob(trx, workspaceId, jobId);
      });
      return toGetLinksJob(job!);
    },
  });
};
