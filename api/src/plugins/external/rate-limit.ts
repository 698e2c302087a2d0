import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { addressGroup } from '../../http/address-group';

export interface RateLimitPluginOptions {
  perMinute: number;
}

/**
 * Per-client-address limit on /api/*. Static files are left out: one page load of the shell and
 * its remotes fetches dozens of files. Routes may tighten it with `config.rateLimit`. Exceeding
 * it throws a 429 error, which the central error handler turns into `resource-exhausted`.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { perMinute }) => {
    await app.register(fastifyRateLimit, {
      max: perMinute,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
      // An IPv6 client counts as its /64: it may hold a whole one.
      keyGenerator: (request) => addressGroup(request.ip),
    });
  },
  { name: 'rate-limit' },
);
