import fp from 'fastify-plugin';
import { loadNewsArticles } from '../../repositories/news-articles';
import type { NewsArticleRepository } from '../../repositories/news-articles';

declare module 'fastify' {
  interface FastifyInstance {
    newsArticles: NewsArticleRepository;
  }
}

/** News articles are files shipped with the api: read and rendered once, at start. */
export const newsArticlesPlugin = fp<{ contentDir: string }>(
  async (app, { contentDir }) => {
    const repository = await loadNewsArticles(contentDir);
    app.decorate('newsArticles', repository);
  },
  { name: 'news-articles' },
);
