import type { Kysely } from 'kysely';
import { chatbotPhotoFolder } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findStoredFile } from '../repositories/stored-files';

// A chatbot's or a product's photo is a file this workspace stored, never an address the caller
// chose: the path is taken from the URL the upload answered, checked against the workspace's
// folder and the stored files, and the URL kept is the one the server builds for that path. A
// URL on another host that merely ends like ours, a protocol-relative `//host/…`, `javascript:`
// and `data:` name no stored file and are refused.

export interface PhotoStorage {
  /** The public origin the storage's URLs are on. */
  publicUrl: string;
  urlOf(storedPath: string): string;
}

const storagePrefix = '/api/storage/';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The stored path a photo URL names: a root-relative `/api/storage/images/…`, or an absolute
 * http(s) URL of the product's own origin. Null for anything else.
 */
export function storedPhotoPath(url: string, publicUrl: string): string | null {
  let pathname: string;
  if (url.startsWith(storagePrefix)) {
    pathname = url;
  } else if (/^https?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== originOf(publicUrl) || parsed.search || parsed.hash) return null;
    pathname = parsed.pathname;
  } else {
    return null;
  }
  if (!pathname.startsWith(`${storagePrefix}images/`)) return null;
  let path: string;
  try {
    path = decodeURIComponent(pathname.slice(storagePrefix.length));
  } catch {
    return null;
  }
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return null;
  }
  return path;
}

const notOurs = (field: string, what: string) =>
  new HttpError(400, `body.${field}: the photo must be one uploaded for ${what}`);

/**
 * The URL to keep for a photo of `folder` (a folder of this workspace's images): the server's
 * own, when the URL names a file stored there; else 400.
 */
async function ownPhotoUrl(
  db: Kysely<Database>,
  storage: PhotoStorage,
  url: string,
  folder: string,
  { field, what }: { field: string; what: string },
): Promise<string> {
  const path = storedPhotoPath(url.trim(), storage.publicUrl);
  const fileName = path?.startsWith(folder) ? path.slice(folder.length) : '';
  if (!path || !fileName || fileName.includes('/') || !(await findStoredFile(db, path))) {
    throw notOurs(field, what);
  }
  return storage.urlOf(path);
}

/** A chatbot's photo: a file uploaded to that chatbot's own folder. */
export const chatbotPhotoUrl = (
  db: Kysely<Database>,
  storage: PhotoStorage,
  workspaceId: string,
  chatbotId: string,
  url: string,
) =>
  ownPhotoUrl(db, storage, url, chatbotPhotoFolder(workspaceId, chatbotId), {
    field: 'photoUrl',
    what: 'this chatbot',
  });

/**
 * A product's photo: a file uploaded to one of this workspace's product folders
 * (images/products/{workspaceId}-{productId}/): an import names photos by URL, and its rows by
 * SKU, so the product of the folder is not checked, the workspace is.
 */
export async function productPhotoUrl(
  db: Kysely<Database>,
  storage: PhotoStorage,
  workspaceId: string,
  url: string,
  field = 'photoUrl',
): Promise<string> {
  const path = storedPhotoPath(url.trim(), storage.publicUrl);
  const folder = path?.match(/^images\/products\/[^/]+\//)?.[0];
  if (!folder?.startsWith(`images/products/${workspaceId}-`)) {
    throw notOurs(field, 'a product of this workspace');
  }
  return ownPhotoUrl(db, storage, url, folder, { field, what: 'a product of this workspace' });
}
