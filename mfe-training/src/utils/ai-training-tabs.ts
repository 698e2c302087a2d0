import { dashboardPaths, pageNotFound } from 'shared-sdk';

/** The tabs of /dashboard/:workspaceId/ai-training, in the order they are shown. */
export const aiTrainingTabs = ['qnas', 'unanswered', 'suggested', 'websites', 'try'] as const;
export type AiTrainingTab = (typeof aiTrainingTabs)[number];

// Q&A, the default, has no `tab` value: links to the page from before it had tabs (and its
// `?page=` links) still open the Q&A pairs.
const tabValues: Record<AiTrainingTab, string | null> = {
  qnas: null,
  unanswered: 'unanswered',
  suggested: 'suggested',
  websites: 'websites',
  try: 'try',
};

/**
 * The tab the URL selects. A `tab` that names no tab (or is given twice) is the 404 page for
 * `path`, as the product's other query values are (product-spec.md §5).
 */
export function parseAiTrainingTab(search: URLSearchParams, path: string): AiTrainingTab {
  const values = search.getAll('tab');
  if (values.length === 0) return 'qnas';
  const tab =
    values.length === 1 ? aiTrainingTabs.find((name) => tabValues[name] === values[0]) : undefined;
  if (!tab) throw pageNotFound(path);
  return tab;
}

/** Where a tab lives; each tab starts from its own first view (Q&A's search is not carried over). */
export function aiTrainingTabHref(workspaceId: string, tab: AiTrainingTab): string {
  const value = tabValues[tab];
  return dashboardPaths['dashboard-workspaceId-ai-training'].getHref(
    { workspaceId },
    value ? `?tab=${value}` : '',
  );
}
