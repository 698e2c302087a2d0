import { randomBytes } from 'node:crypto';
import { HttpError } from '../errors/http-error';

// product-spec.md §3 "Stored file path shapes" and §5: a file path must have one of these four shapes.
//   images/users/{userId}/{file}
//   images/chatbots/{workspaceId}-{chatbotId}/{file}
//   images/products/{workspaceId}-{productId}/{file}
//   attachments/{conversationId}/{file}   (for now: a workspace id, see storage-access.ts)

/** An id: what `randomId()` makes (20 base64url characters), or any id up to 64 of them. */
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `{id-id}`: ids may contain '-', so the split is fixed by the first id's length. Workspace ids
 * are always `randomId()`: exactly 20 base64url characters (they may hold '-' and '_'). So the
 * first 20 characters are the workspace id, the 21st must be '-', and the rest (1 to 64
 * characters) is the chatbot or product id.
 */
export const workspaceIdLength = 20;
const pairPattern = new RegExp(`^([A-Za-z0-9_-]{${workspaceIdLength}})-([A-Za-z0-9_-]{1,64})$`);

/** Longest file name in UTF-8 bytes (most file systems' limit). */
const maxFileNameBytes = 255;

// Control characters (C0, DEL, C1) and the bidirectional overrides that disguise a name
// ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
// eslint-disable-next-line no-control-regex
const forbiddenInFileName = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const invalidPathFormat = () => new HttpError(400, 'Invalid path format.');

/** A file name of a path: one segment, no traversal, no slashes, no control characters. */
export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    Buffer.byteLength(name, 'utf8') <= maxFileNameBytes &&
    name !== '.' &&
    name !== '..' &&
    !name.includes('/') &&
    !name.includes('\\') &&
    !forbiddenInFileName.test(name) &&
    name.trim() === name
  );
}

export type StoragePath =
  | { kind: 'user-image'; userId: string }
  | { kind: 'chatbot-image'; workspaceId: string; chatbotId: string }
  | { kind: 'product-image'; workspaceId: string; productId: string }
  | { kind: 'attachment'; conversationId: string };

export type ParsedStoragePath = StoragePath & {
  /** Everything before the file name, e.g. "images/users/abc". */
  folder: string;
  fileName: string;
  /** images/* paths take only raster images, served as webp; attachments take any file. */
  isImage: boolean;
};

function splitPair(value: string | undefined): [string, string] | null {
  const match = value === undefined ? null : pairPattern.exec(value);
  return match?.[1] && match[2] ? [match[1], match[2]] : null;
}

/** The path's shape and ids, or null when it matches none of the four shapes. */
export function parseStoragePath(path: string): ParsedStoragePath | null {
  const segments = path.split('/');
  const fileName = segments[segments.length - 1];
  if (fileName === undefined || !isValidFileName(fileName)) return null;
  const folder = segments.slice(0, -1).join('/');

  if (segments.length === 3 && segments[0] === 'attachments') {
    const id = segments[1];
    if (!id || !idPattern.test(id)) return null;
    return { kind: 'attachment', conversationId: id, folder, fileName, isImage: false };
  }
  if (segments.length !== 4 || segments[0] !== 'images') return null;
  const [, area, id] = segments;
  if (area === 'users') {
    if (!id || !idPattern.test(id)) return null;
    return { kind: 'user-image', userId: id, folder, fileName, isImage: true };
  }
  const pair = splitPair(id);
  if (!pair) return null;
  const [workspaceId, otherId] = pair;
  if (area === 'chatbots') {
    return {
      kind: 'chatbot-image',
      workspaceId,
      chatbotId: otherId,
      folder,
      fileName,
      isImage: true,
    };
  }
  if (area === 'products') {
    return {
      kind: 'product-image',
      workspaceId,
      productId: otherId,
      folder,
      fileName,
      isImage: true,
    };
  }
  return null;
}

/** parseStoragePath, or 400 invalid-argument 'Invalid path format.' (product-spec.md §5). */
export function requireStoragePath(path: string): ParsedStoragePath {
  const parsed = parseStoragePath(path);
  if (!parsed) throw invalidPathFormat();
  return parsed;
}

/** The random suffix: 96 bits, so a stored file's URL cannot be guessed. */
export function randomSuffix(): string {
  return randomBytes(12).toString('base64url');
}

/** "Ünïcode photo (1).PNG" → "Unicode-photo-1": ASCII letters, digits, '_' and '-' only. */
function safeStem(stem: string): string {
  const ascii = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return ascii || 'file';
}

/** The original name's extension, lower-cased, when it is a plain one ("PNG" → "png"). */
export function fileExtension(name: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return match?.[1]?.toLowerCase();
}

/**
 * The name a file is stored (and served) under: the original name made URL- and disk-safe, a
 * random suffix (product-spec.md §5), and `extension` (the stored format's, or the original one). The
 * original name itself is kept as metadata in stored_files.
 */
export function storedFileName(
  originalName: string,
  extension: string | undefined,
  suffix: string = randomSuffix(),
): string {
  const stem = fileExtension(originalName)
    ? originalName.slice(0, originalName.lastIndexOf('.'))
    : originalName;
  return `${safeStem(stem)}-${suffix}${extension ? `.${extension}` : ''}`;
}

/** `Content-Disposition: attachment` with the original name (RFC 6266 / 5987). */
export function attachmentDisposition(originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
