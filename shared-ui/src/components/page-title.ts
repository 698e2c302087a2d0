import { useEffect } from 'react';

// The page's own title and the count of conversations waiting: two owners (the page and the
// shell's header) of one document title.
const title = { page: '', pendingCount: 0 };

/** The document title as the page has set it; the prerender step writes it into the HTML. */
export function documentTitle(): string {
  const base = title.page ? `${title.page} · Parley` : 'Parley';
  return title.pendingCount > 0 ? `(${title.pendingCount}) ${base}` : base;
}

function setServerTitle(pageTitle: string) {
  title.page = pageTitle;
}

function writeTitle() {
  document.title = documentTitle();
}

/** Sets the document title as "{title} · Parley" (with the pending count before it, if any). */
export function usePageTitle(pageTitle: string) {
  // Rendering without a document (prerendering at build time) runs no effects: keep it now.
  if (typeof document === 'undefined') setServerTitle(pageTitle);
  useEffect(() => {
    title.page = pageTitle;
    writeTitle();
  }, [pageTitle]);
}

/**
 * Puts the number of conversations waiting for a person before the title, "(3) Chat takeover ·
 * Parley", so that an agent sees it on the tab while working elsewhere; 0 takes it away.
 */
export function usePendingTitleCount(count: number) {
  useEffect(() => {
    title.pendingCount = count;
    writeTitle();
    return () => {
      title.pendingCount = 0;
      writeTitle();
    };
  }, [count]);
}
