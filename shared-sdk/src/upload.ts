import { apiClient } from './api-client';
import { endpointRequest } from './endpoint';
import { storageEndpoints } from './endpoints/storage';
import type { StoredFile } from './schemas/storage';

// product-spec.md §3 "Stored file path shapes" (the api answers any other path 'Invalid path format.').
// Workspace ids are 20 characters, so in `{workspaceId}-{chatbotId}` the split is unambiguous.

/** A user's photo: images/users/{userId}/{fileName}. */
export const userPhotoPath = (userId: string, fileName: string) =>
  `images/users/${userId}/${fileName}`;

/** A chatbot's photo: images/chatbots/{workspaceId}-{chatbotId}/{fileName}. */
export const chatbotPhotoPath = (workspaceId: string, chatbotId: string, fileName: string) =>
  `images/chatbots/${workspaceId}-${chatbotId}/${fileName}`;

/** A product's photo: images/products/{workspaceId}-{productId}/{fileName}. */
export const productPhotoPath = (workspaceId: string, productId: string, fileName: string) =>
  `images/products/${workspaceId}-${productId}/${fileName}`;

/** A file attached to a conversation's message: attachments/{conversationId}/{fileName}. */
export const attachmentPath = (conversationId: string, fileName: string) =>
  `attachments/${conversationId}/${fileName}`;

/**
 * Uploads `file` to `path` (one of the shapes above, ending with the original file name) through
 * the page's API client: POST /api/storage/upload?path=…, multipart field "file". Resolves with
 * where it was stored and its `url`; fails with an ApiError (product-spec.md §8), e.g. 400 'Invalid path
 * format.', 400 not an image or too large, 503 'Cannot upload to storage'.
 */
export function uploadFile(path: string, file: Blob, fileName?: string): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, fileName ?? path.slice(path.lastIndexOf('/') + 1));
  const request = endpointRequest(storageEndpoints.upload, { path });
  return apiClient().upload<StoredFile>(request.path, form);
}

const storedImagesPath = '/api/storage/images/';

/**
 * `src` and `srcSet` to show an image `cssWidth` CSS pixels wide. A stored image (a URL of
 * /api/storage/images/…) is asked for as webp in densities 1 and 2 (product-spec.md §9); any other URL is
 * used as it is.
 */
export function storedImageSources(
  url: string,
  cssWidth: number,
): { src: string; srcSet?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return { src: url };
  }
  if (!parsed.pathname.startsWith(storedImagesPath) || parsed.search || parsed.hash) {
    return { src: url };
  }
  const width = Math.max(1, Math.round(cssWidth));
  const at = (density: 1 | 2) => `${url}?w=${width}&dpr=${density}`;
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` };
}
