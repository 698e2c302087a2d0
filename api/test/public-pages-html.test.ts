import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { buildContactRequest } from './fixtures/contact-request';
import { buildDemoRequest } from './fixtures/demo-request';
import { signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// Issue 46: the prerendered public pages work as plain HTML. Their forms post form-encoded to the
// page and are answered with it; a signed-in visitor is sent on by the server from the cookie.

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

// The shape the prerender step writes (scripts/prerender.mjs), as React renders the form.
const contactPage = `<!doctype html><html lang="en"><head><title>Contact us · Parley</title></head>
<body><div id="root" data-prerendered="b1"><main><h1>Talk to us</h1>
<form method="post" action="/contact-us" novalidate=""><h2>Send us a message</h2>
<input id="f-name" name="name" value=""/><input id="f-email" type="email" name="email" value=""/>
<input id="f-company" name="company" value=""/>
<select id="f-topic" name="topic"><option value="" selected="">Choose a topic</option>
<option value="sales">Plans and pricing</option><option value="press">Press and media</option></select>
<textarea id="f-message" name="message"></textarea><button type="submit">Send message</button>
</form></main></div><script async src="/start-shell.0123456789.js" data-src="/main.js"></script>
</body></html>`;
const demoPage = contactPage
  .replace('action="/contact-us"', 'action="/get-a-demo"')
  .replace('<title>Contact us', '<title>Get a demo');

const forms = {
  '/contact-us': {
    errorSummary: 'Please fix the highlighted fields.',
    fieldMessages: { topic: 'Please choose a topic' },
    choices: { topic: { sales: 'plans and pricing', press: 'press and media' } },
    success: {
      title: 'Thanks, your message is on its way',
      paragraphs: ['We have sent it to our {{topic}} team, reply at {{email}}.', 'Ref: {{id}}'],
    },
  },
  '/get-a-demo': {
    errorSummary: 'Please fix the highlighted fields.',
    fieldMessages: { companySize: 'Please choose your company size' },
    choices: {},
    success: {
      title: 'Thanks, {{firstName}}. Your demo request is in',
      paragraphs: ['Ref: {{id}}'],
      link: { to: '/signup', text: 'Start free' },
    },
  },
};

const guard = {
  publicPaths: ['/', '/pricing', '/contact-us', '/get-a-demo'],
  authOnlyPaths: ['/login', '/forgot-password', '/signup'],
  signedInHome: '/dashboard',
};

/** The answer page as a browser reads it. */
const dom = (page: string) => parseHTML(page).document;

const encode = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

describe('public pages as plain HTML', () => {
  let appsDir: string;
  let app: TestApp;

  async function buildApp(submissionsPerMinute: number) {
    return buildTestApp({
      appsDir,
      rateLimit: { ...testConfig().rateLimit, submissionsPerMinute },
    });
  }

  beforeAll(async () => {
    appsDir = await mkdtemp(path.join(os.tmpdir(), 'parley-public-html-'));
    const files: Record<string, string> = {
      'shell/dist/index.html': '<!doctype html><title>Parley</title><div id="root"></div>',
      'shell/dist/prerendered/index.html': contactPage.replace('Contact us', 'Home'),
      'shell/dist/prerendered/pricing.html': contactPage.replace('Contact us', 'Pricing'),
      'shell/dist/prerendered/contact-us.html': contactPage,
      'shell/dist/prerendered/get-a-demo.html': demoPage,
      'shell/dist/prerendered/pages.json': JSON.stringify({
        '/': 'index.html',
        '/pricing': 'pricing.html',
        '/contact-us': 'contact-us.html',
        '/get-a-demo': 'get-a-demo.html',
      }),
      'shell/dist/prerendered/forms.json': JSON.stringify(forms),
      'shell/dist/prerendered/guard.json': JSON.stringify(guard),
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(appsDir, file)), { recursive: true });
      await writeFile(path.join(appsDir, file), content);
    }
    app = await buildApp(1000);
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  const contactRows = (email: string) =>
    app.db.selectFrom('contactRequests').selectAll().where('email', '=', email).execute();

  describe('POST /contact-us (form-encoded)', () => {
    it('stores the request and answers with the page showing the success text', async () => {
      const request = buildContactRequest({ email: 'html-form@furniture.example', topic: 'press' });
      const response = await app.inject({
        method: 'POST',
        url: '/contact-us',
        headers: form,
        payload: encode({ ...request, company: '' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const rows = await contactRows('html-form@furniture.example');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: request.name,
        topic: 'press',
        message: request.message,
        company: null,
      });
      const page = response.body;
      expect(page).toContain('<title>Contact us · Parley</title>');
      expect(page).toContain('<h2>Thanks, your message is on its way</h2>');
      expect(page).toContain(
        'We have sent it to our press and media team, reply at html-form@furniture.example.',
      );
      expect(page).toContain(`Ref: ${rows[0]!.id}`);
      expect(page).not.toContain('<form');
      // It stays plain HTML: the shell would render the page afresh over the answer.
      expect(page).not.toContain('start-shell');
    });

    it('answers invalid fields with the form refilled and their errors; nothing is stored', async () => {
      const typed = 'Too short</textarea><script>alert(1)</script>';
      const response = await app.inject({
        method: 'POST',
        url: '/contact-us',
        headers: form,
        payload: encode({
          name: 'Ada "Lovelace" <b>',
          email: 'not-an-address',
          company: 'Engines',
          topic: '',
          message: typed,
        }),
      });
      expect(response.statusCode).toBe(400);
      const page = dom(response.body);
      const alert = page.querySelector('form [role="alert"]')!;
      expect(alert.querySelector('p')!.textContent).toBe('Please fix the highlighted fields.');
      const listed = [...alert.querySelectorAll('li a')].map((link) => [
        link.getAttribute('href'),
        link.textContent,
      ]);
      expect(listed).toEqual([
        ['#f-email', 'Please enter a valid e-mail address'],
        ['#f-topic', 'Please choose a topic'],
      ]);
      // What was typed is back in place, escaped; the invalid fields are marked.
      expect(page.querySelector('#f-name')!.getAttribute('value')).toBe('Ada "Lovelace" <b>');
      expect(page.querySelector('#f-name')!.hasAttribute('aria-invalid')).toBe(false);
      expect(page.querySelector('#f-email')!.getAttribute('aria-invalid')).toBe('true');
      expect(page.querySelector('#f-company')!.getAttribute('value')).toBe('Engines');
      expect(page.querySelector('#f-topic option[selected]')!.getAttribute('value')).toBe('');
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).toContain(
        'Too short&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>',
      );
      expect(page.querySelectorAll('script')).toHaveLength(0);
      expect(await contactRows('not-an-address')).toHaveLength(0);
    });

    it('gives a short message its error, keeps the chosen option, and refuses ill-formed text', async () => {
      const short = await app.inject({
        method: 'POST',
        url: '/contact-us',
        headers: form,
        payload: encode({ ...buildContactRequest(), message: 'Too short' }),
      });
      expect(short.statusCode).toBe(400);
      expect(dom(short.body).querySelector('form [role="alert"] li')!.textContent).toBe(
        'Please write at least 10 characters',
      );
      expect(
        dom(short.body).querySelector('#f-topic option[selected]')!.getAttribute('value'),
      ).toBe('sales');

      const illFormed = await app.inject({
        method: 'POST',
        url: '/contact-us',
        headers: form,
        payload: encode({ ...buildContactRequest(), message: 'Hello\u0000 there, a question' }),
      });
      expect(illFormed.statusCode).toBe(400);
      expect(dom(illFormed.body).querySelector('form [role="alert"] a')!.getAttribute('href')).toBe(
        '#f-message',
      );
    });
  });

  it('POST /get-a-demo stores the request and answers with its success text and link', async () => {
    const request = buildDemoRequest({ firstName: 'Grace', email: 'grace@navy.example' });
    const response = await app.inject({
      method: 'POST',
      url: '/get-a-demo',
      headers: form,
      payload: encode({ ...request, phone: '', message: '' }),
    });
    expect(response.statusCode).toBe(200);
    const row = await app.db
      .selectFrom('demoRequests')
      .selectAll()
      .where('email', '=', 'grace@navy.example')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: 'Grace', phone: null, message: null });
    expect(response.body).toContain('<h2>Thanks, Grace. Your demo request is in</h2>');
    expect(response.body).toContain(`Ref: ${row.id}`);
    expect(response.body).toContain('<a href="/signup">Start free</a>');
  });

  it(
    'holds the form posts to the submissions limit per address',
    async () => {
      const limited = await buildApp(2);
      try {
        const post = () =>
          limited.inject({
            method: 'POST',
            url: '/contact-us',
            headers: form,
            payload: encode(buildContactRequest()),
          });
        expect((await post()).statusCode).toBe(200);
        expect((await post()).statusCode).toBe(200);
        expect((await post()).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    },
    appStartTimeoutMs,
  );

  describe('a signed-in visitor (the sign-in cookie)', () => {
    const page = (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: { ...html, ...(cookie ? { cookie } : {}) } });

    it('is sent on by the server before any HTML: public pages to the dashboard', async () => {
      const { auth } = await signUp(app);
      const cookie = `parley_session=${auth.idToken}`;
      for (const url of ['/', '/pricing', '/contact-us']) {
        const response = await page(url, cookie);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/dashboard');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe('');
      }
    });

    it('and from the sign-in pages to their same-site redirect, else the dashboard', async () => {
      const { auth } = await signUp(app);
      const cookie = `parley_session=${auth.idToken}`;
      const to = '/dashboard/ws-1/tickets?page=2';
      expect(
        (await page(`/login?redirect=${encodeURIComponent(to)}`, cookie)).headers.location,
      ).toBe(to);
      expect((await page('/signup', cookie)).headers.location).toBe('/dashboard');
      const offSite = await page('/login?redirect=//evil.example/', cookie);
      expect(offSite.headers.location).toBe('/dashboard');
      // Not a page of the guard's lists: the shell's page, as for anyone.
      expect((await page('/no-such-page', cookie)).statusCode).toBe(200);
    });

    it('but a visitor without a valid cookie gets the page', async () => {
      for (const cookie of [undefined, 'parley_session=not-a-token']) {
        expect((await page('/pricing', cookie)).statusCode).toBe(200);
        expect((await page('/login', cookie)).statusCode).toBe(200);
      }
    });
  });
});
