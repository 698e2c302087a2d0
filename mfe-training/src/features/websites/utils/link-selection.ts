import type { DiscoveredLink } from 'shared-sdk/schemas';

// Every link found starts ticked, so what is kept is the few the admin unticked: small, and
// still right when the job finds more links after the admin started choosing.

/** `unticked` with `url` ticked if it was not, unticked if it was. */
export const toggleLink = (unticked: readonly string[], url: string): string[] =>
  unticked.includes(url) ? unticked.filter((other) => other !== url) : [...unticked, url];

/** `unticked` with every one of `links` ticked. */
export function tickLinks(unticked: readonly string[], links: readonly DiscoveredLink[]) {
  const urls = new Set(links.map((link) => link.url));
  return unticked.filter((url) => !urls.has(url));
}

/** `unticked` with every one of `links` unticked too. */
export function untickLinks(unticked: readonly string[], links: readonly DiscoveredLink[]) {
  const known = new Set(unticked);
  return [...unticked, ...links.map((link) => link.url).filter((url) => !known.has(url))];
}

/** The addresses of the ticked links, in the order they were found. */
export const tickedLinks = (links: readonly DiscoveredLink[], unticked: ReadonlySet<string>) =>
  links.filter((link) => !unticked.has(link.url)).map((link) => link.url);
