import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, newsArticleSchema, newsListSchema } from 'shared-sdk/schemas';
import { z } from 'zod';
import { commonErrorResponses, validationErrorResponses } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';
import { newsSlugPattern } from '../repositories/news-articles';

const slugParamsSchema = z.object({
  slug: z
    .string()
    .max(120)
    .regex(newsSlugPattern, 'A news slug contains only lower-case letters, digits and hyphens'),
});

/** News articles behind /news/{slug} (spec §2). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/news',
    {
      schema: {
        tags: ['marketing'],
        summary: 'News articles, newest first',
        response: { 200: newsListSchema, ...commonErrorResponses },
      },
    },
    async () => ({ articles: app.newsArticles.list() }),
  );

  app.get(
    '/news/:slug',
    {
      schema: {
        tags: ['marketing'],
        summary: 'One news article with its HTML',
        params: slugParamsSchema,
        response: {
          200: newsArticleSchema,
          404: errorBodySchema.describe('not-found: no article with this slug'),
          ...validationErrorResponses,
        },
      },
    },
    async (request) => {
      const article = app.newsArticles.findBySlug(request.params.slug);
      // spec §8: page errors read 'Page Not Found: {path}', with the page's path, not the API's.
      if (!article) throw new HttpError(404, `Page Not Found: /news/${request.params.slug}`);
      return article;
    },
  );
};
