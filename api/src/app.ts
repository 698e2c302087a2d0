import path from 'node:path';
import Fastify from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firebaseBrowserOrigins } from './auth/firebase-browser-config';
import type { AppConfig } from './config';
import { handleError } from './errors/error-handler';
import { billingPlugin } from './plugins/app/billing';
import { botPlugin } from './plugins/app/bot';
import { conversationBotPlugin } from './plugins/app/conversation-bot';
import type { PgliteThread } from './db/pglite-thread';
import { databasePlugin } from './plugins/app/database';
import { identityPlugin } from './plugins/app/identity';
import { idleConversationsPlugin } from './plugins/app/idle-conversations';
import { inboundMailPlugin } from './plugins/app/inbound-mail';
import { jobsPlugin } from './plugins/app/jobs';
import { livePlugin } from './plugins/app/live';
import { mailerPlugin } from './plugins/app/mailer';
import { newsArticlesPlugin } from './plugins/app/news-articles';
import { staticAppsPlugin } from './plugins/app/static-apps';
import { marketingFormPageRoutes } from './routes/marketing';
import { storagePlugin } from './plugins/app/storage';
import { compressPlugin } from './plugins/external/compress';
import { connectionLimitsPlugin } from './plugins/external/connection-limits';
import { cookiePlugin } from './plugins/external/cookie';
import { helmetPlugin } from './plugins/external/helmet';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { swaggerPlugin } from './plugins/external/swagger';
import { apiRoutes } from './routes/api-routes';
import { named } from './routes/named-plugin';
import type { DnsResolver } from './mail/mail-auth';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface BuildAppOptions {
  /** Defaults to api/migrations (same path from src/ and dist/). */
  migrationsDir?: string;
  /** Defaults to api/content/news. */
  newsDir?: string;
  /** The clock of token and code expiry; tests move it instead of waiting. */
  now?: () => Date;
  /** Firebase token signing keys instead of Google's (tests sign their own). */
  firebaseKeys?: JWTVerifyGetKey;
  /** The embedded database's thread, started already for config.database (startPglite). */
  pglite?: Promise<PgliteThread>;
  /** Answers the DNS questions of received mail's SPF, DKIM and DMARC checks (tests' own). */
  dnsResolver?: DnsResolver;
}

/**
 * Builds the whole service without listening. Plugins load in order: external (security, docs),
 * app (database, content, static apps), then routes. The caller may still add routes before
 * `ready()` (tests do).
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Starting must never fail for being slow (a busy machine's embedded database can take far
    // longer than Fastify's 10 s default); the database plugin says what it is waiting for.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set before any plugin so every encapsulated context inherits it.
  app.setErrorHandler(handleError);
  app.decorate('config', config);

  const remoteOrigins = [
    ...new Set(Object.values(config.remoteManifestOverrides).map((url) => new URL(url).origin)),
  ];
  await app.register(connectionLimitsPlugin, { connections: config.connections });
  await app.register(helmetPlugin, {
    remoteOrigins,
    connectOrigins: config.firebase ? firebaseBrowserOrigins(config.firebase) : [],
  });
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin, { perMinute: config.rateLimit.perMinute });
  await app.register(cookiePlugin);
  await app.register(swaggerPlugin);

  await app.register(databasePlugin, {
    database: config.database,
    pglite: options.pglite,
    migrationsDir: options.migrationsDir ?? path.resolve(__dirname, '../migrations'),
  });
  await app.register(identityPlugin, {
    auth: config.auth,
    dataDir: config.dataDir,
    cookieName: config.sessionCookie.name,
    publicOrigin: new URL(config.publicUrl).origin,
    firebase: config.firebase,
    firebaseKeys: options.firebaseKeys,
    now: options.now ?? (() => new Date()),
  });
  await app.register(mailerPlugin, { mail: config.mail, dataDir: config.dataDir });
  await app.register(livePlugin, { live: config.live });
  await app.register(botPlugin, { bot: config.bot });
  await app.register(conversationBotPlugin);
  await app.register(idleConversationsPlugin, {
    intervalSeconds: config.widget.idleSweepIntervalSeconds,
  });
  await app.register(newsArticlesPlugin, {
    contentDir: options.newsDir ?? path.resolve(__dirname, '../content/news'),
  });
  await app.register(storagePlugin, {
    storage: config.storage,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
  });
  await app.register(jobsPlugin, {
    jobs: config.jobs,
    crawl: config.crawl,
    outbound: config.outbound,
    webhooks: config.webhooks,
    inboundMail: config.inboundMail,
  });
  await app.register(inboundMailPlugin, {
    inboundMail: config.inboundMail,
    host: config.host,
    dnsResolver: options.dnsResolver,
  });
  await app.register(billingPlugin, { billing: config.billing });
  await app.register(staticAppsPlugin, {
    appsDir: config.appsDir,
    shellEntry: config.firebase ? 'main-firebase.js' : undefined,
  });

  await app.register(named(apiRoutes), { prefix: '/api' });
  // The public forms posted as HTML to their pages, outside /api.
  await app.register(named(marketingFormPageRoutes));
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
