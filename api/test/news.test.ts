import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newsArticleSchema, newsListSchema } from 'shared-sdk/schemas';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { loadNewsArticles } from '../src/repositories/news-articles';

describe('news', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('lists the articles newest first, without their HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/news' });
    expect(response.statusCode).toBe(200);
    const { articles } = newsListSchema.parse(response.json());
    expect(articles.map((article) => article.slug)).toEqual([
      'writing-good-qa-pairs',
      'furniture-retailer-customer-story',
      'chat-takeover-update',
      'introducing-parley',
    ]);
    const dates = articles.map((article) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const article of articles) {
      expect(article.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article).not.toHaveProperty('html');
    }
  });

  it('serves one article with its markdown rendered to HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/news/introducing-parley' });
    expect(response.statusCode).toBe(200);
    const article = newsArticleSchema.parse(response.json());
    expect(article).toMatchObject({
      slug: 'introducing-parley',
      title: 'Introducing Parley',
      publishedAt: '2025-02-03',
      author: 'The Parley team',
    });
    expect(article.html).toContain('<h2>What you get</h2>');
    expect(article.html).toContain('<strong>A chat widget for your site.</strong>');
    expect(article.html).toContain('<a href="/get-a-demo">book a demo</a>');
    // The front matter is metadata, not content.
    expect(article.html).not.toContain('publishedAt');
  });

  it('answers 404 not-found with the page path for an unknown slug', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/news/no-such-article' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not-found', message: 'Page Not Found: /news/no-such-article' },
    });
  });

  it.each(['Introducing-Parley', 'under_score', '..%2F..%2Fetc%2Fpasswd'])(
    'answers 400 invalid-argument for the malformed slug %s',
    async (slug) => {
      const response = await app.inject({ method: 'GET', url: `/api/news/${slug}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.message).toMatch(/^params\.slug: /);
    },
  );
});

describe('loadNewsArticles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'parley-news-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const article = (publishedAt: string, title = 'A title') =>
    `---\ntitle: ${title}\nsummary: A summary\npublishedAt: ${publishedAt}\nauthor: Parley team\n---\n\nBody *text*.\n`;

  it('accepts quoted and unquoted dates and orders by date, then slug', async () => {
    await writeFile(path.join(dir, 'b-older.md'), article('2024-12-01'));
    await writeFile(path.join(dir, 'a-newer.md'), article("'2025-01-15'"));
    await writeFile(path.join(dir, 'c-same-day.md'), article('2025-01-15'));
    await writeFile(path.join(dir, 'notes.txt'), 'ignored');
    const repository = await loadNewsArticles(dir);
    expect(repository.list().map(({ slug, publishedAt }) => [slug, publishedAt])).toEqual([
      ['a-newer', '2025-01-15'],
      ['c-same-day', '2025-01-15'],
      ['b-older', '2024-12-01'],
    ]);
    expect(repository.findBySlug('b-older')?.html).toBe('<p>Body <em>text</em>.</p>\n');
  });

  it('refuses an article with missing or malformed front matter, naming the file', async () => {
    await writeFile(path.join(dir, 'bad-date.md'), article('last tuesday'));
    await expect(loadNewsArticles(dir)).rejects.toThrow(/bad-date\.md[\s\S]*publishedAt/);
  });

  it('refuses a file name that is not a slug', async () => {
    await writeFile(path.join(dir, 'Not A Slug.md'), article('2025-01-01'));
    await expect(loadNewsArticles(dir)).rejects.toThrow(/Not A Slug\.md/);
  });
});
