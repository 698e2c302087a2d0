import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import frontMatter from 'front-matter';
import { marked } from 'marked';
import type { NewsArticle, NewsArticleSummary } from 'shared-sdk';
import { newsSlugPattern } from 'shared-sdk/schemas';
import { z } from 'zod';

export interface NewsArticleRepository {
  /** Newest first. */
  list(): NewsArticleSummary[];
  findBySlug(slug: string): NewsArticle | undefined;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const attributesSchema = z.object({
  title: z.string().min(1),
  summary: z.string().min(1),
  // YAML reads an unquoted 2025-01-31 as a Date; either way it leaves as "2025-01-31".
  publishedAt: z.union([
    z.date().transform((date) => date.toISOString().slice(0, 10)),
    z.string().regex(isoDate, 'must be an ISO date (YYYY-MM-DD)'),
  ]),
  author: z.string().min(1),
});

/** Reads `<slug>.md` files (front matter + markdown) and renders them to HTML once. */
export async function loadNewsArticles(dir: string): Promise<NewsArticleRepository> {
  const articles: NewsArticle[] = [];
  for (const fileName of await readdir(dir)) {
    if (!fileName.endsWith('.md')) continue;
    const slug = fileName.slice(0, -'.md'.length);
    if (!newsSlugPattern.test(slug)) {
      throw new Error(`News file name must be a slug (a-z, 0-9, -): ${fileName}`);
    }
    const { attributes, body } = frontMatter(await readFile(path.join(dir, fileName), 'utf8'));
    const parsed = attributesSchema.safeParse(attributes);
    if (!parsed.success) {
      throw new Error(`Bad front matter in ${fileName}: ${z.prettifyError(parsed.error)}`);
    }
    articles.push({ slug, ...parsed.data, html: marked.parse(body, { async: false }) });
  }
  // ISO dates sort as strings; ties fall back to slug so the order is stable.
  articles.sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug),
  );
  const summaries = articles.map(({ html: _html, ...summary }) => summary);
  const bySlug = new Map(articles.map((article) => [article.slug, article]));
  return {
    list: () => summaries,
    findBySlug: (slug) => bySlug.get(slug),
  };
}
