import {
  decodeHtml,
  isHtmlContentType,
  looksLikeHtml,
  mediaType,
  pageTitle,
} from './html-response';

describe('content types', () => {
  it('takes HTML, XHTML and a missing type as possible pages', () => {
    expect(isHtmlContentType('text/html; charset=utf-8')).toBe(true);
    expect(isHtmlContentType('Application/XHTML+XML')).toBe(true);
    expect(isHtmlContentType(undefined)).toBe(true);
    expect(isHtmlContentType('application/pdf')).toBe(false);
    expect(isHtmlContentType('image/png')).toBe(false);
    expect(isHtmlContentType('text/plain')).toBe(false);
    expect(mediaType('application/pdf; name="a.pdf"')).toBe('application/pdf');
    expect(mediaType('')).toBeUndefined();
  });

  it('tells markup from other bytes', () => {
    expect(looksLikeHtml('\n  <!doctype html><html>')).toBe(true);
    expect(looksLikeHtml('%PDF-1.7')).toBe(false);
  });
});

describe('decodeHtml', () => {
  const latin1 = Buffer.from('<p>Caf\xe9 cr\xe8me</p>', 'latin1');

  it('decodes with the charset of the header, else of the page’s <meta>, else UTF-8', () => {
    expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('<p>Café crème</p>');
    const meta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect(decodeHtml(meta, 'text/html')).toContain('Café crème');
    expect(decodeHtml(Buffer.from('<p>Café</p>'), undefined)).toBe('<p>Café</p>');
  });

  it('falls back to UTF-8 for a charset it does not know', () => {
    expect(decodeHtml(Buffer.from('<p>Café</p>'), 'text/html; charset=klingon')).toBe(
      '<p>Café</p>',
    );
  });
});

describe('pageTitle', () => {
  it('is the title, else the h1, else the path, whitespace collapsed', () => {
    const url = 'https://shop.example/caf%C3%A9/menu?day=1';
    expect(pageTitle('  Our\n\tmenu  ', 'Menu', url)).toBe('Our menu');
    expect(pageTitle('   ', ' Lunch\nmenu ', url)).toBe('Lunch menu');
    expect(pageTitle(undefined, undefined, url)).toBe('/café/menu?day=1');
    expect(pageTitle(undefined, '', 'https://shop.example/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});
