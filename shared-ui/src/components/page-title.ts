import { useEffect } from 'react';

// The page's own title and the count of conversations waiting: two owners (the page and the
// shell's header) of one document title.
const title = { page: '', pendingCount: 0 };

function writeTitle() {
  const base = title.page ? `${title.page} · Parley` : 'Parley';
  document.title = title.pendingCount > 0 ? `(${title.pendingCount}) ${base}` : base;
}

/** Sets the document title as "{title} · Parley" (with the pending count before it, if any). */
export function usePageTitle(pageTitle: string) {
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
