// bench/websites: website discovery (getLinks) and indexing of a 2,000-page site, and the bot's
// replies over it, on the built api (api/dist) over an embedded PGlite database.
//
// The site is served by this process on 127.0.0.1 and answers at once, so the figures are
// Parley's own floor: robots.txt names a sitemap index of two sitemaps listing the odd pages;
// the even ones are reachable only by links, so the crawl has to follow them breadth first.
// The api runs in this process too, so this process's RSS is the api's memory.
//   node bench/websites.mjs [--pages 2000] [--questions 200]
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  buildNodePackages,
  format,
  percentile,
  printTable,
  signUpBenchAdmin,
  startBenchApi,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    questions: { type: 'string', default: '200' },
  },
});
// The home page and its guides: 2,000 pages in all by default, the most a crawl may read.
const pageCount = Number(values.pages) - 1;
const questions = Number(values.questions);
const defaultDelayMs = 250;
const [rateGoal, rssGoalMb, p95GoalMs] = [50, 1024, 50];

// Seeded (a linear congruential generator), so every run serves the same site.
function random(seed) {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}
const syllables = 'ka lo mi ra ven tor zel qui dra pel sun fo gri mav nel bo'.split(' ');
const kinds = 'kettle router blender heater scanner speaker monitor drill'.split(' ');
const tasks = 'descale reset pair calibrate mount clean update store'.split(' ');
const materials = 'brushed steel,walnut veneer,matte polymer,anodised aluminium'.split(',');
// Shared phrasing with each page's own product and figures, as a real range of guides reads.
const filler = [
  'Keep the box of your NAME for the first # days in case you need to return it.',
  'Our support team answers most questions about the NAME within one working day.',
  'The #-month warranty covers manufacturing faults but not accidental damage.',
  'Replacement parts for the NAME ship from our regional warehouse within # days.',
  'Read the safety notes before first use and keep them somewhere handy.',
  'Firmware updates arrive automatically when the NAME is connected.',
  'Wipe the housing with a dry cloth every # weeks; solvents dull the finish.',
  'Most owners find the default settings of the NAME suit everyday use.',
];

/** Page n's product name (a made-up word, distinct per page) and the sentence a question targets. */
function pageFacts(n) {
  const word = [n >> 8, (n >> 4) & 15, n & 15].map((i) => syllables[i]).join('');
  const name = `${word[0].toUpperCase()}${word.slice(1)} ${kinds[n % kinds.length]}`;
  const task = tasks[(n * 5) % tasks.length];
  const seconds = 3 + (n % 17);
  return {
    name,
    task,
    sentence: `To ${task} the ${name}, hold the ${word} dial for ${seconds} seconds until its lamp turns green.`,
    question: `How do I ${task} the ${name}?`,
  };
}

const frame = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${title} | Bench Appliances</title><meta name="viewport" content="width=device-width">
<link rel="stylesheet" href="/assets/site.css"></head><body>
<header class="site-header"><a href="/" class="logo">Bench Appliances</a>
<nav><ul><li><a href="/">Home</a></li><li><a href="/p/1">Guides</a></li>
<li><a href="/p/2">Support</a></li><li><a href="/p/3">Warranty</a></li></ul></nav></header>
<main>${body}</main>
<footer><p>© Bench Appliances Ltd. All rights reserved.</p><ul><li><a href="/">Privacy</a></li>
<li><a href="/">Terms</a></li><li><a href="/">Contact</a></li></ul></footer></body></html>`;

function pageHtml(n) {
  const rand = random(n);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const facts = pageFacts(n);
  const sentence = () =>
    pick(filler)
      .replace('NAME', facts.name)
      .replace('#', String(2 + Math.floor(rand() * 40)));
  const paragraph = (lead) =>
    `<p>${lead} ${Array.from({ length: 4 + Math.floor(rand() * 4) }, sentence).join(' ')}</p>`;
  // Every page reaches the next, so the whole site is linked; the others make it a web, not a list.
  const targets = new Set([(n % pageCount) + 1]);
  while (targets.size < 3 + (n % 3)) targets.add(1 + Math.floor(rand() * pageCount));
  const links = [...targets]
    .map((to) => `<li><a href="/p/${to}">${pageFacts(to).name} guide</a></li>`)
    .join('');
  return frame(
    `${facts.name} guide`,
    `<article><h1>${facts.name}: owner's guide</h1>
<p>This guide covers setting up and caring for the ${facts.name} (model ${n}), finished in ${pick(materials)}.</p>
<h2>Getting started</h2>${paragraph(`Unpack the ${facts.name} and place it on a flat surface.`)}
${paragraph(`Plug the ${facts.name} in and wait for the start-up chime.`)}
<h2>How to ${facts.task} it</h2><p>${facts.sentence}</p>${paragraph('If the lamp stays red, repeat the steps once.')}
<h2>Care and maintenance</h2>${paragraph(`Check the ${facts.name} for dust every ${2 + (n % 9)} weeks.`)}
${paragraph('Store it somewhere dry when it is not in use.')}
<h2>Specifications</h2><ul><li>Weight: ${(0.4 + rand() * 5).toFixed(1)} kg</li>
<li>Power: ${Math.round(20 + rand() * 2000)} W</li><li>Finish: ${pick(materials)}</li></ul>
<h2>Troubleshooting</h2>${paragraph(`If the ${facts.name} does not start, check the fuse first.`)}
${paragraph(`A clicking ${facts.name} usually needs its filter seated again.`)}
<h2>Questions owners ask</h2>${paragraph(`Yes, the ${facts.name} works with our other appliances.`)}
<h2>Related guides</h2><ul>${links}</ul></article>`,
  );
}

const sitemap = (tag, entry, urls) =>
  `<?xml version="1.0" encoding="UTF-8"?><${tag} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
  `${urls.map((url) => `<${entry}><loc>${url}</loc></${entry}>`).join('')}</${tag}>`;

/** The site's answer at `path`: [content type, body], or undefined (404). */
function resource(path, origin) {
  // The odd pages are listed, half in each sitemap; the even ones are found by links only.
  const listed = Array.from(
    { length: Math.ceil(pageCount / 2) },
    (_, i) => `${origin}/p/${2 * i + 1}`,
  );
  const sitemaps = [1, 2].map((i) => `${origin}/sitemap-${i}.xml`);
  const xml = (body) => ['application/xml', body];
  const html = (body) => ['text/html; charset=utf-8', body];
  const n = Number(/^\/p\/(\d+)$/.exec(path)?.[1]);
  if (n >= 1 && n <= pageCount) return html(pageHtml(n));
  switch (path) {
    case '/robots.txt':
      return ['text/plain', `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap-index.xml\n`];
    case '/sitemap-index.xml':
      return xml(sitemap('sitemapindex', 'sitemap', sitemaps));
    case '/sitemap-1.xml':
      return xml(sitemap('urlset', 'url', listed.slice(0, Math.ceil(listed.length / 2))));
    case '/sitemap-2.xml':
      return xml(sitemap('urlset', 'url', listed.slice(Math.ceil(listed.length / 2))));
    case '/': {
      const links = [1, 2, 3, 4, 5].map((to) => `<li><a href="/p/${to}">Guide ${to}</a></li>`);
      return html(frame('Home', `<h1>Owner's guides</h1><ul>${links.join('')}</ul>`));
    }
  }
}

const site = createServer((request, response) => {
  const [type, body] = resource(request.url, `http://${request.headers.host}`) ?? [];
  response.writeHead(body === undefined ? 404 : 200, { 'content-type': type ?? 'text/plain' });
  response.end(body ?? 'Not found');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${site.address().port}/`;

process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${site.address().port}`;
// 2,000 is the most the config allows (and the most links a website may have).
process.env.CRAWL_MAX_PAGES = String(Math.min(pageCount + 1, 2000));
process.env.CRAWL_MAX_DEPTH = '50';
// The product waits 250 ms between a worker's requests to be gentle with customers' sites; the
// bench measures Parley's own throughput, so it does not wait.
process.env.CRAWL_DELAY_MS = '0';

/** Runs `work`, sampling this process's RSS every 50 ms; adds its seconds and peak RSS (MB). */
async function withPeakRss(work) {
  const from = performance.now();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    const seconds = (performance.now() - from) / 1000;
    return { ...result, seconds, rssMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

await buildNodePackages();
const { app, call, close } = await startBenchApi('websites');
const rows = [];
const row = (figure, value, goal = '', met) =>
  rows.push([figure, value, goal, met === undefined ? '' : met ? 'met' : 'MISSED']);
const rssRow = (figure, mb) =>
  row(figure, `${mb.toFixed(0)} MB`, `≤ ${rssGoalMb} MB`, mb <= rssGoalMb);
const rateRow = (figure, rate) =>
  row(figure, `${rate.toFixed(0)} pages/s`, `≥ ${rateGoal} pages/s`, rate >= rateGoal);
try {
  const { admin, workspaceId } = await signUpBenchAdmin(call);
  const user = (method, url, payload) => call(method, url, payload, admin.idToken);
  row('RSS before discovery', `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);

  const discovery = await withPeakRss(async () => {
    const { jobId } = await user('POST', '/api/user/get-links', { workspaceId, baseUrl });
    const fetched = new Set();
    for (;;) {
      const job = await user('GET', `/api/user/get-links/${jobId}?workspaceId=${workspaceId}`);
      fetched.add(job.pagesFetched);
      if (!['queued', 'running'].includes(job.status)) return { job, updates: fetched.size };
      await sleep(100);
    }
  });
  const { job } = discovery;
  if (job.status !== 'done') throw new Error(`Discovery ended ${job.status}: ${job.error}`);
  const pages = Array.from({ length: pageCount }, (_, i) => `${baseUrl}p/${i + 1}`);
  const expected = [baseUrl, ...pages];
  const found = new Set(job.links.map((link) => link.url));
  const missing = expected.filter((url) => !found.has(url));
  console.log(
    `Discovery ended: ${job.error ?? 'no note'}; not found: ${missing.join(', ') || '-'}`,
  );
  row('discovery time', `${discovery.seconds.toFixed(1)} s`);
  rateRow('discovery rate (pagesFetched / s)', job.pagesFetched / discovery.seconds);
  const foundCell = `${format(expected.length - missing.length)} of ${format(expected.length)}`;
  row('pages found', foundCell, 'all', missing.length === 0);
  row('progress updates seen (polled every 100 ms)', String(discovery.updates));
  rssRow('peak RSS, discovery', discovery.rssMb);

  // Pages spread over the whole site.
  const asked = Array.from(
    { length: questions },
    (_, i) => 1 + Math.floor((i * pageCount) / questions),
  );
  const ask = async (n) => {
    const from = performance.now();
    const question = pageFacts(n).question;
    const reply = await user('POST', '/api/user/bot-preview', { workspaceId, question });
    return { ms: performance.now() - from, right: !!reply.source?.url?.endsWith(`/p/${n}`) };
  };
  // The index is in memory while the pages are read, as for a workspace whose bot is in use: it
  // follows each batch of pages read, and must not index the whole site again each time.
  await ask(1);
  const links = job.links.map((link) => link.url);
  const indexing = await withPeakRss(async () => {
    const website = await user('POST', '/api/user/ai-training-websites', {
      workspaceId,
      baseUrl,
      links,
    });
    for (;;) {
      const states = await app.db
        .selectFrom('aiTrainingWebpages')
        .select(['state', (eb) => eb.fn.countAll().as('count')])
        .where('websiteId', '=', website.id)
        .groupBy('state')
        .execute();
      const counts = Object.fromEntries(states.map(({ state, count }) => [state, Number(count)]));
      if (!counts.pending) return { counts };
      await sleep(100);
    }
  });
  row('indexing time', `${indexing.seconds.toFixed(1)} s`);
  rateRow(`indexing rate (${format(links.length)} pages / s)`, links.length / indexing.seconds);
  const states = Object.entries(indexing.counts).map(([state, n]) => `${state} ${format(n)}`);
  row('pages by state', states.join(', '));
  rssRow('peak RSS, indexing', indexing.rssMb);

  const ms = (reply) => `${reply.ms.toFixed(0)} ms`;
  row('bot preview, first reply after the reading (index kept up to date)', ms(await ask(1)));
  const replies = [];
  for (const n of asked) replies.push(await ask(n));
  const times = replies.map((reply) => reply.ms).sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  row(`bot preview p50 (${questions} questions)`, `${percentile(times, 50).toFixed(1)} ms`);
  row('bot preview p95', `${p95.toFixed(1)} ms`, `≤ ${p95GoalMs} ms`, p95 <= p95GoalMs);
  const right = replies.filter((reply) => reply.right).length;
  row('answered from the right page', `${right} of ${replies.length}`);
  // As after a restart: the index is read whole from the database on the next question.
  app.bot.trainingChanged(workspaceId);
  row('bot preview, first reply with no index in memory (builds it)', ms(await ask(1)));

  const kb = Array.from({ length: pageCount }, (_, i) => pageHtml(i + 1).length / 1024);
  const sizes = `${Math.min(...kb).toFixed(1)}–${Math.max(...kb).toFixed(1)} KB`;
  console.log(`\nWebsites: home + ${format(pageCount)} guides of ${sizes}, each served at once`);
  printTable(['figure', 'value', 'goal', ''], rows, 1);
  console.log(
    `\nCRAWL_DELAY_MS=0 here. At the default ${defaultDelayMs} ms between a worker's requests, ` +
      `discovery would take at least ${format(pageCount)} × ${defaultDelayMs / 1000} s / 2 workers = ` +
      `${(pageCount * defaultDelayMs) / 2000} s (indexing too: it pauses as long after each page).`,
  );
  const load = loadavg().map((value) => value.toFixed(1));
  console.log(`Load average (1, 5, 15 min) ${load.join(', ')} on ${cpus().length} cores`);
} finally {
  await close();
  site.closeAllConnections();
  site.close();
}
