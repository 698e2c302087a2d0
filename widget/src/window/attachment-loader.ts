import type { MessageAttachment } from 'shared-sdk/schemas';

/**
 * Attachments are served only with the visitor token in the Authorization header (never in a
 * URL, where logs and shared links would keep it), so an <img> cannot load one by itself: the
 * window downloads each once and shows it from a blob: URL.
 */
export function createAttachmentLoader(options: {
  getToken: () => string | null;
  fetch?: typeof fetch;
}): (attachment: MessageAttachment) => Promise<string> {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const loaded = new Map<string, Promise<string>>();
  return (attachment) => {
    let url = loaded.get(attachment.path);
    if (!url) {
      const token = options.getToken();
      url = doFetch(attachment.url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }).then(async (response) => {
        if (!response.ok) throw new Error(`GET ${attachment.url} failed with ${response.status}`);
        return URL.createObjectURL(await response.blob());
      });
      // A failed download is tried again the next time the message is drawn.
      url.catch(() => loaded.delete(attachment.path));
      loaded.set(attachment.path, url);
    }
    return url;
  };
}
