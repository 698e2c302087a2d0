import fp from 'fastify-plugin';
import type {
  CrawlConfig,
  InboundMailConfig,
  JobsConfig,
  OutboundConfig,
  WebhooksConfig,
} from '../../config';
import { defaultCrawlLimits } from '../../crawler/crawl-limits';
import { emailSendJob } from '../../jobs/email-send-jobs';
import { JobRunner } from '../../jobs/job-runner';
import { productPhotosJob } from '../../jobs/product-photo-jobs';
import { trainingEmbeddingsJob } from '../../jobs/training-embedding-jobs';
import { webhookDeliveryJob } from '../../jobs/webhook-delivery-jobs';
import { getLinksJob, indexWebsiteJob } from '../../jobs/website-jobs';
import { createOutboundFetch } from '../../outbound/outbound-fetch';
import type { OutboundFetch } from '../../outbound/outbound-types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one fetch of addresses users typed (SSRF guard): web sites and webhooks. */
    outboundFetch: OutboundFetch;
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  jobs: JobsConfig;
  crawl: CrawlConfig;
  outbound: OutboundConfig;
  webhooks: WebhooksConfig;
  inboundMail: InboundMailConfig;
}

/**
 * Background work: website discovery (getLinks), the reading of a website's pages, the copying
 * in of imported products' photos, the deliveries of webhooks and the embedding of many training
 * texts at once, the sending of e-mail replies, run by a JobRunner that claims jobs from the database (see
 * job-runner.ts), started once the app is ready.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { jobs, crawl, outbound, webhooks, inboundMail }) => {
    const fetch = createOutboundFetch({
      allowHosts: outbound.allowHosts,
      userAgent: defaultCrawlLimits.userAgent,
    });
    const runner = new JobRunner({
      db: app.db,
      logger: app.log,
      changeFeed: app.changeFeed,
      leaseMs: jobs.leaseSeconds * 1000,
      concurrency: jobs.concurrency,
      handlers: [
        getLinksJob({ db: app.db, fetch, limits: crawl }),
        indexWebsiteJob({ db: app.db, fetch, limits: crawl }),
        productPhotosJob({ db: app.db, fetch, storage: app.storage }),
        webhookDeliveryJob({ db: app.db, fetch, retryBaseMs: webhooks.retryBaseMs }),
        trainingEmbeddingsJob({ bot: app.bot }),
        emailSendJob({
          db: app.db,
          mailer: app.mailer,
          storage: app.storage,
          domain: inboundMail.domain,
          retryBaseMs: inboundMail.sendRetryBaseMs,
        }),
      ],
    });
    app.decorate('outboundFetch', fetch);
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    // Before onClose, where the database closes: jobs under way are handed back first.
    app.addHook('preClose', () => runner.close());
  },
  { name: 'jobs', dependencies: ['database', 'live', 'storage', 'bot', 'mailer'] },
);
