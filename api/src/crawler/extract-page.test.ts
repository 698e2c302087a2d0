import { Readability } from '@mozilla/readability';
import { framedPage } from '../../test/fixtures/training-site';
import { extractPage, passageMaxChars } from './extract-page';

const url = 'https://shop.example/shipping';

const shipping = framedPage(
  'Shipping',
  `<article>
  <h1>Shipping</h1>
  <p>We ship every order from our warehouse in Leeds, Monday to Friday.</p>
  <h2>Delivery times</h2>
  <p>Standard delivery takes 3 to 5 working days. Express delivery arrives the next working day when you order before 2pm.</p>
  <h3>Bank holidays</h3>
  <p>Orders placed over a bank holiday weekend leave the warehouse on the next working day.</p>
  <h2>Delivery costs</h2>
  <ul><li>Standard delivery is free on orders over £40.</li><li>Express delivery costs £6.95.</li></ul>
  <table><tr><th>Zone</th><th>Days</th></tr><tr><td>Highlands</td><td>5 to 7</td></tr></table>
  <blockquote>“Arrived in two days, well packed.” — a customer</blockquote>
</article>`,
);

const allText = (html: string) =>
  extractPage(html, url)
    .passages.map((passage) => passage.text)
    .join('\n');

const sentence = (n: number) =>
  `Sentence number ${n} of the long paragraph says something about kettles and their care.`;

describe('extractPage', () => {
  it('keeps the page’s own text and drops navigation, cookie banner and footer', () => {
    const text = allText(shipping);
    expect(text).toContain('Standard delivery takes 3 to 5 working days.');
    expect(text).toContain('Express delivery costs £6.95.');
    expect(text).toContain('Highlands | 5 to 7');
    expect(text).toContain('Arrived in two days, well packed.');
    expect(text).not.toMatch(/cookies/i);
    expect(text).not.toContain('Copyright');
    expect(text).not.toContain('Registered in England');
    expect(text).not.toContain('About us');
  });

  it('keeps content whose class merely mentions cookies', () => {
    const bakery = `<html><head><title>Bakery</title></head><body>
      <div class="cookie-banner-wrapper">We use cookies on this site.</div>
      <article><h1>Our biscuits</h1><div class="cookie-recipes"><p>Oat cookies are baked every morning.</p></div></article>
      </body></html>`;
    const text = allText(bakery);
    expect(text).toContain('Oat cookies are baked every morning.');
    expect(text).not.toContain('We use cookies');
  });

  it('takes the page title, not an inline svg’s', () => {
    const html = `<html><body><svg><title>Logo</title></svg><h1>Returns</h1><p>Thirty days.</p></body></html>`;
    expect(extractPage(html, url).title).toBe('Returns');
  });

  it('files each passage under its heading path', () => {
    const { title, passages } = extractPage(shipping, url);
    expect(title).toBe('Shipping | Acme Kettles');
    const under = (words: string) => passages.find((p) => p.text.includes(words))?.headings;
    expect(under('We ship every order')).toEqual(['Shipping']);
    expect(under('Standard delivery takes')).toEqual(['Shipping', 'Delivery times']);
    expect(under('bank holiday weekend')).toEqual(['Shipping', 'Delivery times', 'Bank holidays']);
    expect(under('free on orders over £40')).toEqual(['Shipping', 'Delivery costs']);
  });

  it('never merges text across headings, however short', () => {
    const { passages } = extractPage(shipping, url);
    const texts = passages.map((passage) => passage.text);
    expect(texts).toContain(
      'Standard delivery takes 3 to 5 working days. Express delivery arrives the next working day when you order before 2pm.',
    );
    // One passage per heading: each is short enough to share one, yet none does.
    expect(passages.map((passage) => passage.headings.at(-1))).toEqual([
      'Shipping',
      'Delivery times',
      'Bank holidays',
      'Delivery costs',
    ]);
  });

  it('gathers paragraphs into passages of about 600 characters, long ones cut at sentence ends', () => {
    const long = Array.from({ length: 20 }, (_, i) => sentence(i + 1)).join(' ');
    const short = Array.from(
      { length: 12 },
      (_, i) => `<p>Short paragraph ${i + 1} about tea.</p>`,
    );
    const html = `<html><head><title>Care</title></head><body><article><h1>Care</h1>
      <p>${long}</p>${short.join('')}</article></body></html>`;
    const { passages } = extractPage(html, url);
    for (const passage of passages) {
      expect(passage.text.length).toBeLessThanOrEqual(passageMaxChars);
      expect(passage.headings).toEqual(['Care']);
    }
    const fromLong = passages.filter((passage) => passage.text.includes('Sentence number'));
    expect(fromLong.length).toBeGreaterThan(1);
    // Cut between sentences: every passage starts one and ends one.
    for (const passage of passages) {
      expect(passage.text).toMatch(/^(Sentence number|Short paragraph) \d+ .*\.$/);
    }
    // Small paragraphs share passages rather than making a passage each.
    const fromShort = passages.filter((passage) => passage.text.includes('Short paragraph'));
    expect(fromShort.length).toBeLessThan(3);
    expect(fromShort.map((passage) => passage.text).join(' ')).toContain('paragraph 12 about tea.');
    expect(passages.map((passage) => passage.text).join(' ')).toBe(
      `${long} ${Array.from({ length: 12 }, (_, i) => `Short paragraph ${i + 1} about tea.`).join(' ')}`,
    );
  });

  it('cuts a sentence longer than a passage at spaces', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const { passages } = extractPage(`<html><body><p>${words}</p></body></html>`, url);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.text.length).toBeLessThanOrEqual(600);
    expect(passages.map((passage) => passage.text).join(' ')).toBe(words);
  });

  it('hashes the text, not the markup', () => {
    const plain = `<html><head><title>Returns</title></head><body><h1>Returns</h1>
      <p>You can return any kettle within 30 days.</p><p>Refunds take 5 days.</p></body></html>`;
    const restyled = `<!doctype html><html><head><title>Returns</title><style>p{color:red}</style></head>
      <body class="v2"><div class="wrap"><section id="main"><h1 class="big">Returns</h1>
      <div><p class="lead">You can return   any <strong>kettle</strong>
      within 30&nbsp;days.</p></div><p><span>Refunds</span> take 5 days.</p></section></div>
      <script>track()</script></body></html>`;
    const changed = plain.replace('30 days', '14 days');
    const { contentHash } = extractPage(plain, url);
    expect(contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(extractPage(restyled, url).contentHash).toBe(contentHash);
    expect(extractPage(changed, url).contentHash).not.toBe(contentHash);
  });

  it('falls back to the first h1, then the path, for the title', () => {
    expect(
      extractPage('<html><body><h1>  Our\n story </h1><p>Since 1987.</p></body></html>', url),
    ).toMatchObject({ title: 'Our story' });
    expect(extractPage('<p>Just a fragment of text.</p>', url)).toMatchObject({
      title: '/shipping',
      passages: [{ headings: [], text: 'Just a fragment of text.' }],
    });
  });

  it('finds no passage on a page without text', () => {
    const empty = framedPage('Empty', '<div><img src="/kettle.png" alt=""></div>');
    expect(extractPage(empty, url).passages).toEqual([]);
  });

  it('reads the body, less the site’s frame, when Readability finds nothing', () => {
    const parse = jest.spyOn(Readability.prototype, 'parse').mockReturnValue(null);
    try {
      const { passages } = extractPage(shipping, url);
      expect(parse).toHaveBeenCalled();
      const text = passages.map((passage) => passage.text).join('\n');
      expect(text).toContain('Standard delivery takes 3 to 5 working days.');
      expect(text).not.toMatch(/cookies|Copyright|About us|Acme Kettles \|/);
      expect(passages[0]?.headings).toEqual(['Shipping']);
    } finally {
      parse.mockRestore();
    }
  });
});
