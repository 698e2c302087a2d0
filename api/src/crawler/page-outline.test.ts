import { outlinePage } from './page-outline';

const pageUrl = 'https://shop.example/help/shipping';

describe('outlinePage', () => {
  it('finds the title and first h1, not an inline svg’s title', () => {
    const outline = outlinePage(
      `<html><head><title>Shipping &amp; returns</title><title>Second</title></head>
       <body><svg><title>Truck icon</title></svg><h1>Ship<em>ping</em></h1><h1>Other</h1></body></html>`,
      pageUrl,
    );
    expect(outline.title).toBe('Shipping & returns');
    expect(outline.h1).toBe('Shipping');
  });

  it('has no title or h1 when the page has none', () => {
    const outline = outlinePage(
      '<html><body><svg><title>Icon</title></svg></body></html>',
      pageUrl,
    );
    expect(outline.title).toBeUndefined();
    expect(outline.h1).toBeUndefined();
  });

  it('lists links absolute and normalised, each once, without mailto: and friends', () => {
    const { links } = outlinePage(
      `<a href="returns#top">Returns</a> <a href="/about">About</a> <a href="returns">Again</a>
       <a href="mailto:help@shop.example">Mail</a> <a href="javascript:void(0)">Menu</a>
       <a>No href</a> <map><area href="/map-area"></map> <a href="HTTPS://Elsewhere.Example:443/">Out</a>`,
      pageUrl,
    );
    expect(links).toEqual([
      'https://shop.example/help/returns',
      'https://shop.example/about',
      'https://shop.example/map-area',
      'https://elsewhere.example/',
    ]);
  });

  it('resolves relative links against <base href>', () => {
    const { links } = outlinePage(
      '<head><base href="/en/"><base href="/fr/"></head><a href="delivery">Delivery</a>',
      pageUrl,
    );
    expect(links).toEqual(['https://shop.example/en/delivery']);
  });
});
