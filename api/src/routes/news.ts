import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteEndpoints } from 'shared-sdk';
import { HttpError } from '../errors/http-error';
import { endpointRoute } from '../http/endpoint-route';

const tags = ['marketing'];

/** News articles behind /news/{slug} (product-spec.md §2). */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(siteEndpoints.newsList, {
      tags,
      summary: 'News articles, newest first',
      errors: {},
    }),
    handler: async () => ({ articles: app.newsArticles.list() }),
  });

  app.route({
    ...endpointRoute(siteEndpoints.newsArticle, {
      tags,
      summary: 'One news article with its HTML',
      errors: {
        400: 'invalid-argument: the message names the offending field',
        404: 'not-found: no article with this slug',
      },
    }),
    handler: async (request) => {
      const article = app.newsArticles.findBySlug(request.params.slug);
      // product-spec.md §8: page errors read 'Page Not Found: {path}', with the page's path, not the API's.
      if (!article) throw new HttpError(404, `Page Not Found: /news/${request.params.slug}`);
      return article;
    },
  });
};
