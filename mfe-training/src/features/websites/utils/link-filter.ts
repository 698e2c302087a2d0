import type { DiscoveredLink } from 'shared-sdk/schemas';

/** Lower-cased, accents dropped: "Café" is found by "cafe". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface IndexedLink {
  link: DiscoveredLink;
  /** Its title and address, folded once. */
  text: string;
}

/** The links with their searchable text, folded once: a search then costs a substring test. */
export const indexLinks = (links: readonly DiscoveredLink[]): IndexedLink[] =>
  links.map((link) => ({ link, text: fold(`${link.title}\n${link.url}`) }));

/** The links whose title or address holds every word of `query`, in their order. */
export function filterLinks(indexed: readonly IndexedLink[], query: string): DiscoveredLink[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching =
    words.length === 0
      ? indexed
      : indexed.filter((entry) => words.every((word) => entry.text.includes(word)));
  return matching.map((entry) => entry.link);
}
