import { filterLinks, indexLinks } from './link-filter';
import { tickLinks, tickedLinks, toggleLink, untickLinks } from './link-selection';

const home = { url: 'https://fernhill.example/', title: 'Fernhill Bikes' };
const cafe = { url: 'https://fernhill.example/visit/cafe', title: 'Our Café' };
const returns = { url: 'https://fernhill.example/help/returns', title: 'Returns and refunds' };
const links = [home, cafe, returns];

describe('choosing among the links found', () => {
  it('finds links by every word of their title or address, in any case, without accents', () => {
    const indexed = indexLinks(links);
    expect(filterLinks(indexed, 'CAFE')).toEqual([cafe]);
    expect(filterLinks(indexed, 'help refunds')).toEqual([returns]);
    expect(filterLinks(indexed, '/visit/')).toEqual([cafe]);
    expect(filterLinks(indexed, 'help cafe')).toEqual([]);
    expect(filterLinks(indexed, '  ')).toEqual(links);
  });

  it('keeps the unticked links, and gives the ticked ones in the order found', () => {
    let unticked = toggleLink([], cafe.url);
    expect(tickedLinks(links, new Set(unticked))).toEqual([home.url, returns.url]);
    unticked = untickLinks(unticked, [cafe, returns]);
    expect(unticked).toEqual([cafe.url, returns.url]);
    expect(tickedLinks(links, new Set(unticked))).toEqual([home.url]);
    unticked = tickLinks(unticked, [returns]);
    expect(tickedLinks(links, new Set(unticked))).toEqual([home.url, returns.url]);
    expect(toggleLink(unticked, cafe.url)).toEqual([]);
  });
});
