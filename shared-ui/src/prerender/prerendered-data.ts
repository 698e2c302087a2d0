// Data a prerendered page was rendered with (a news article), embedded in the page as JSON so
// that hydration renders the same thing without a request. At build time the prerender step
// sets it for each page it renders.

export const prerenderedDataElementId = 'parley-prerendered-data';

let data: Record<string, unknown> | undefined;

export function setPrerenderedData(value: Record<string, unknown>) {
  data = value;
}

function readEmbedded(): Record<string, unknown> {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(prerenderedDataElementId);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the page was prerendered with under `key` (content built with this deploy). */
export function prerenderedData<T>(key: string): T | undefined {
  data ??= readEmbedded();
  return data[key] as T | undefined;
}
