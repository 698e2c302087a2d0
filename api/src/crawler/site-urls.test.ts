import { looksLikeFile, normalizeUrl, originOf, sameSite } from './site-urls';

describe('normalizeUrl', () => {
  it('drops the fragment, lower-cases the host and drops default ports, keeping the query', () => {
    expect(normalizeUrl('HTTPS://Shop.Example:443/Returns?lang=en#policy')).toBe(
      'https://shop.example/Returns?lang=en',
    );
    expect(normalizeUrl('http://shop.example:80')).toBe('http://shop.example/');
    expect(normalizeUrl('http://shop.example:8080/a')).toBe('http://shop.example:8080/a');
  });

  it('resolves relative links against the page', () => {
    const page = 'https://shop.example/help/shipping';
    expect(normalizeUrl('returns', page)).toBe('https://shop.example/help/returns');
    expect(normalizeUrl('../about?x=1#team', page)).toBe('https://shop.example/about?x=1');
    expect(normalizeUrl('//www.shop.example/', page)).toBe('https://www.shop.example/');
    expect(normalizeUrl('  /faq  ', page)).toBe('https://shop.example/faq');
  });

  it('refuses what is not a web page address', () => {
    for (const href of [
      'mailto:help@shop.example',
      'tel:+441130000000',
      'javascript:void(0)',
      'data:text/html,hi',
      'ftp://shop.example/file',
      'https://user:secret@shop.example/',
      'http://',
    ]) {
      expect(normalizeUrl(href, 'https://shop.example/')).toBeUndefined();
    }
    expect(normalizeUrl('no scheme, no base')).toBeUndefined();
  });
});

describe('sameSite', () => {
  it('treats www. and the bare host, http and https, as one site', () => {
    expect(sameSite('https://shop.example/a', 'http://www.shop.example/b')).toBe(true);
    expect(sameSite('https://www.shop.example/', 'https://shop.example/')).toBe(true);
    expect(sameSite(new URL('http://shop.example/'), 'https://shop.example:443/x')).toBe(true);
  });

  it('tells other hosts, subdomains and ports apart', () => {
    expect(sameSite('https://shop.example/', 'https://elsewhere.example/')).toBe(false);
    expect(sameSite('https://shop.example/', 'https://blog.shop.example/')).toBe(false);
    expect(sameSite('https://shop.example/', 'https://shop.example.evil.example/')).toBe(false);
    expect(sameSite('http://127.0.0.1:4000/', 'http://127.0.0.1:4001/')).toBe(false);
    expect(sameSite('http://127.0.0.1:4000/', 'http://127.0.0.1:4000/x')).toBe(true);
    expect(sameSite('https://shop.example/', 'ftp://shop.example/')).toBe(false);
    expect(sameSite('https://shop.example/', 'not a url')).toBe(false);
  });
});

describe('looksLikeFile', () => {
  it('recognises documents, images, archives, media and page assets by extension', () => {
    for (const path of [
      '/guide.pdf',
      '/img/Logo.PNG',
      '/photo.jpeg',
      '/files/catalogue.zip',
      '/video/intro.mp4',
      '/assets/site.css',
      '/assets/app.js',
      '/feed.xml',
    ]) {
      expect(looksLikeFile(`https://shop.example${path}`)).toBe(true);
    }
  });

  it('lets pages through, whatever their query says', () => {
    for (const path of ['/', '/shipping', '/about.html', '/p/1', '/v1.2/', '/get?file=a.pdf']) {
      expect(looksLikeFile(`https://shop.example${path}`)).toBe(false);
    }
  });
});

describe('originOf', () => {
  it('is where robots.txt lives', () => {
    expect(originOf('https://Shop.example:443/a/b?c')).toBe('https://shop.example');
    expect(() => originOf('nowhere')).toThrow(TypeError);
  });
});
