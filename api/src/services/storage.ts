import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoredFile } from 'shared-sdk';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findStoredFile, insertStoredFile } from '../repositories/stored-files';
import type { NewStoredFile, StoredFileRow } from '../repositories/stored-files';
import { authorizeStoragePath } from './storage-access';
import type { StorageCaller } from './storage-access';
import {
  detectSafeImageType,
  inspectImage,
  reencodeImage,
  renderVariant,
  variantPixelWidth,
} from './storage-images';
import type { ImageDensity } from './storage-images';
import {
  fileExtension,
  isValidFileName,
  requireStoragePath,
  storedFileName,
} from './storage-paths';

/** product-spec.md §8: 'Cannot upload to storage' (storage unavailable), answered 503 unavailable. */
export const cannotUpload = (cause: unknown) =>
  new HttpError(503, 'Cannot upload to storage', { cause });
const cannotRead = (cause: unknown) => new HttpError(503, 'Cannot read from storage', { cause });
export const fileNotFound = () => new HttpError(404, 'File not found');
const emptyFile = () => new HttpError(400, 'The file is empty');

export interface FileStorageOptions {
  /** Stored files, one folder per path shape: <dir>/images/users/<id>/<name>. */
  dir: string;
  /** Generated image sizes: <cacheDir>/<path>/<width>.webp. Can be deleted at any time. */
  cacheDir: string;
  maxUploadBytes: number;
  maxImagePixels: number;
  /** Where the service is reached: stored files' URLs start with it. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** `root/relative`, refusing anything that would land outside `root`. */
function inside(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  if (!full.startsWith(`${path.resolve(root)}${path.sep}`)) throw fileNotFound();
  return full;
}

/** Written under a private name, then renamed: a reader never sees half a file. */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(draft, bytes, { flag: 'wx' });
    await rename(draft, file);
  } catch (err) {
    await rm(draft, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * Up to this size a mail's file is kept in its stored_files row (migration 0031), committed with
 * the mail, rather than written to disk.
 */
const inRowBytes = 64 * 1024;

/**
 * Written straight to its own new name (`wx`): for a file under a random name that nothing
 * points to until the transaction recording it commits, a draft and a rename would only cost
 * two more trips to the file system. Its folder is made only when it is missing.
 */
async function writeUnreferenced(file: string, bytes: Buffer): Promise<void> {
  try {
    await writeFile(file, bytes, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
  }
}

/** A mail's file name as a path's last segment: no slashes, control characters, or excess. */
function mailFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/g, '_')
    .trim();
  const short = Buffer.from(cleaned, 'utf8')
    .subarray(0, 200)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return isValidFileName(short) ? short : 'attachment';
}

/** A mail's file as prepareMailAttachment read it. */
export interface PreparedMailFile {
  originalName: string;
  bytes: Buffer;
  extension: string | undefined;
  contentType: string;
}

export interface Upload {
  /** The requested path, ending with the original file name. */
  path: string;
  /** A signed-in user, or a widget visitor sending an attachment of their conversation. */
  caller: StorageCaller;
  /** Reads the request's file (after the access check, so strangers never send a body). */
  readFile: () => Promise<Buffer>;
}

export interface ServedFile {
  row: StoredFileRow;
  bytes: Buffer;
  contentType: string;
}

/**
 * Files uploaded to the product-spec.md §3 paths: checked, stored on disk under a name with a random
 * suffix, recorded in stored_files, served back (images as webp variants, attachments as
 * downloads).
 */
export class FileStorage {
  readonly maxUploadBytes: number;

  constructor(private readonly options: FileStorageOptions) {
    this.maxUploadBytes = options.maxUploadBytes;
  }

  /**
   * Removes stored files' bytes and their generated sizes, once the transaction that deleted
   * their rows has committed (a rollback must find them still there). A file already gone is
   * no error; any other failure is logged, and the rows no longer serve the file either way.
   */
  async removeFiles(storedPaths: string[]): Promise<void> {
    await Promise.all(
      storedPaths.map(async (storedPath) => {
        try {
          await rm(inside(this.options.dir, storedPath), { force: true });
          await rm(inside(this.options.cacheDir, storedPath), { recursive: true, force: true });
        } catch (err) {
          this.options.log.warn({ err, storedPath }, 'A stored file could not be removed');
        }
      }),
    );
  }

  /** The public origin (and path) the stored files are served under. */
  get publicUrl(): string {
    return this.options.publicUrl;
  }

  /** Where a stored path is served. */
  urlOf(storedPath: string): string {
    return `${this.options.publicUrl}/api/storage/${storedPath}`;
  }

  async upload(db: Kysely<Database>, { path: requested, caller, readFile: read }: Upload) {
    const target = requireStoragePath(requested);
    const { workspaceId } = await authorizeStoragePath(db, caller, target);
    const received = await read();
    if (received.length === 0) throw emptyFile();

    const prepared = target.isImage
      ? await this.prepareImage(received)
      : await this.prepareAttachment(received, target.fileName);
    const name = storedFileName(target.fileName, prepared.extension);
    const storedPath = `${target.folder}/${name}`;

    const file = inside(this.options.dir, storedPath);
    try {
      await writeWhole(file, prepared.bytes);
    } catch (err) {
      throw cannotUpload(err);
    }
    try {
      await insertStoredFile(db, {
        path: storedPath,
        kind: target.isImage ? 'image' : 'attachment',
        ownerUserId: caller.kind === 'user' ? caller.userId : null,
        workspaceId,
        originalName: target.fileName,
        contentType: prepared.contentType,
        size: prepared.bytes.length,
        width: prepared.width,
        height: prepared.height,
      });
    } catch (err) {
      await rm(file, { force: true }).catch(() => undefined);
      throw err;
    }
    const stored: StoredFile = {
      path: storedPath,
      url: this.urlOf(storedPath),
      originalName: target.fileName,
      contentType: prepared.contentType,
      size: prepared.bytes.length,
    };
    return stored;
  }

  /**
   * A file a customer's mail carried, read for storing: its name as a path segment and what it
   * is. Needs no conversation yet, so it is done before the mail's transaction.
   */
  async prepareMailAttachment(fileName: string, bytes: Buffer): Promise<PreparedMailFile> {
    const originalName = mailFileName(fileName);
    const prepared = await this.prepareAttachment(bytes, originalName);
    return {
      originalName,
      bytes,
      extension: prepared.extension,
      contentType: prepared.contentType,
    };
  }

  /**
   * A prepared mail file as an attachment of its conversation: what the message carries and its
   * stored_files row for the transaction to insert, which holds a small file's bytes. A larger
   * file's `write` puts it on disk (done before the commit), at `storedPath` (to remove if the
   * transaction does not commit); a small one has none.
   */
  placeMailAttachment(file: PreparedMailFile, conversationId: string, workspaceId: string) {
    const target = requireStoragePath(`attachments/${conversationId}/${file.originalName}`);
    const storedPath = `${target.folder}/${storedFileName(file.originalName, file.extension)}`;
    const { originalName, contentType } = file;
    const size = file.bytes.length;
    const inRow = size <= inRowBytes;
    const row: NewStoredFile = {
      ...{ path: storedPath, kind: 'attachment', ownerUserId: null, workspaceId },
      ...{ originalName, contentType, size, width: null, height: null },
      content: inRow ? file.bytes : null,
    };
    const attachment: StoredFile = {
      path: storedPath,
      url: this.urlOf(storedPath),
      originalName,
      contentType,
      size,
    };
    const write = inRow
      ? null
      : () =>
          writeUnreferenced(inside(this.options.dir, storedPath), file.bytes).catch(
            (err: unknown) => {
              throw cannotUpload(err);
            },
          );
    return { storedPath, attachment, row, write };
  }

  private async prepareImage(received: Buffer) {
    const { maxImagePixels } = this.options;
    const image = await inspectImage(received, maxImagePixels);
    const encoded = await reencodeImage(received, image, maxImagePixels);
    return {
      bytes: encoded.bytes,
      extension: image.stored.extension,
      contentType: image.stored.contentType,
      width: encoded.width,
      height: encoded.height,
    };
  }

  private async prepareAttachment(received: Buffer, fileName: string) {
    // Kept byte for byte. Only a safe raster image is ever labelled as what it is.
    const imageType = await detectSafeImageType(received);
    return {
      bytes: received,
      extension: fileExtension(fileName),
      contentType: imageType ?? 'application/octet-stream',
      width: null,
      height: null,
    };
  }

  /** The stored_files row of a served path: 400 for a malformed path, 404 for an unknown one. */
  async find(db: Kysely<Database>, storedPath: string, kind: 'image' | 'attachment') {
    const target = requireStoragePath(storedPath);
    const row = await findStoredFile(db, storedPath);
    if (!row || row.kind !== kind) throw fileNotFound();
    return { target, row };
  }

  private async readOriginal(row: StoredFileRow): Promise<Buffer> {
    if (row.content) return Buffer.from(row.content);
    try {
      return await readFile(inside(this.options.dir, row.path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotFound();
      throw cannotRead(err);
    }
  }

  /** An attachment's bytes as stored. */
  async readAttachment(row: StoredFileRow): Promise<ServedFile> {
    return { row, bytes: await this.readOriginal(row), contentType: row.contentType };
  }

  /**
   * A webp variant of a stored image: read from the cache, or made from the original and
   * cached. A cache that cannot be written is logged, and the image served all the same.
   */
  async readImageVariant(
    row: StoredFileRow,
    cssWidth: number | undefined,
    density: ImageDensity,
  ): Promise<ServedFile> {
    const wanted = variantPixelWidth(cssWidth, density);
    // Never enlarged: every width past the original's is the same file.
    const width = row.width ? Math.min(wanted, row.width) : wanted;
    const cached = inside(this.options.cacheDir, `${row.path}/${width}.webp`);
    const hit = await readFile(cached).catch(() => undefined);
    if (hit) return { row, bytes: hit, contentType: 'image/webp' };

    const bytes = await renderVariant(
      await this.readOriginal(row),
      width,
      this.options.maxImagePixels,
    );
    await writeWhole(cached, bytes).catch((err: unknown) =>
      this.options.log.warn({ err, path: row.path }, 'image variant not cached'),
    );
    return { row, bytes, contentType: 'image/webp' };
  }
}
