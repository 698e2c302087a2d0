import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// product-spec.md §2 route guard, the part the server can decide before any HTML (issue 46): a
// signed-in visitor (a valid sign-in cookie) who opens a public page is sent to the dashboard,
// and one who opens a page only for signed-out visitors (sign-in, sign-up, forgot password) to
// its `redirect` parameter or the dashboard. The shell's route table says which pages those are:
// the prerender step writes them to guard.json (scripts/prerender.mjs); the shell's own guard
// still decides for a session it restores in the browser.

const guardPagesSchema = z.object({
  publicPaths: z.array(z.string()),
  authOnlyPaths: z.array(z.string()),
  signedInHome: z.string(),
});

export interface GuardPages {
  publicPaths: Set<string>;
  authOnlyPaths: Set<string>;
  signedInHome: string;
}

/** The guard's pages as the shell's build says, or none (a build without the prerender step). */
export function readGuardPages(dir: string): GuardPages {
  try {
    const pages = guardPagesSchema.parse(
      JSON.parse(readFileSync(path.join(dir, 'guard.json'), 'utf8')),
    );
    return {
      publicPaths: new Set(pages.publicPaths),
      authOnlyPaths: new Set(pages.authOnlyPaths),
      signedInHome: pages.signedInHome,
    };
  } catch {
    return { publicPaths: new Set(), authOnlyPaths: new Set(), signedInHome: '/dashboard' };
  }
}

/** Only same-site paths are followed, so a crafted link cannot send a user elsewhere. */
const sameSitePath = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : null;

/** Where a signed-in visitor opening `pathname` goes instead, or undefined if the page is theirs. */
export function signedInRedirect(
  pages: GuardPages,
  pathname: string,
  search: string,
): string | undefined {
  if (pages.authOnlyPaths.has(pathname)) {
    return sameSitePath(new URLSearchParams(search).get('redirect')) ?? pages.signedInHome;
  }
  return pages.publicPaths.has(pathname) ? pages.signedInHome : undefined;
}
