import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health';
import { marketingRoutes } from './marketing';
import { newsRoutes } from './news';
import { runtimeConfigRoutes } from './runtime-config';

/** Every /api route, one file per area (conventions rule 4). */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(marketingRoutes);
  await app.register(newsRoutes);
};
