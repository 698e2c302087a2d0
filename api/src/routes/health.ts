import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { siteEndpoints } from 'shared-sdk';
import { HttpError } from '../errors/http-error';
import { endpointRoute } from '../http/endpoint-route';

/** A load balancer's probe should fail fast rather than hang on a stuck pool. */
const databaseDeadlineMs = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(siteEndpoints.health, {
      tags: ['system'],
      summary: 'Liveness and database reachability',
      errors: { 503: 'unavailable: the database did not answer' },
    }),
    handler: async () => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${databaseDeadlineMs} ms`)),
              databaseDeadlineMs,
            );
          }),
        ]);
      } catch (cause) {
        throw new HttpError(503, 'The database is unavailable', { cause });
      } finally {
        clearTimeout(timer);
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      return {
        status: 'ok' as const,
        database: { kind: app.databaseKind, ok: true as const, latencyMs },
      };
    },
  });
};
