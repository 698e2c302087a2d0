import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { errorBodySchema } from 'shared-sdk/schemas';
import { z } from 'zod';
import { commonErrorResponses } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.literal(true),
    latencyMs: z.number(),
  }),
});

/** A load balancer's probe should fail fast rather than hang on a stuck pool. */
const databaseDeadlineMs = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: healthSchema,
          503: errorBodySchema.describe('unavailable: the database did not answer'),
          ...commonErrorResponses,
        },
      },
    },
    async () => {
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
  );
};
