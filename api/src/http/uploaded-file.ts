import type { FastifyRequest } from 'fastify';
import { illFormedTextMessage, illFormedTextPath } from 'shared-sdk/schemas';
import { HttpError } from '../errors/http-error';

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
const tooBig = (maxBytes: number) =>
  new HttpError(400, `The file is too large: the limit is ${megabytes(maxBytes)} MB`);
const noFile = () =>
  new HttpError(400, 'Send the file as multipart/form-data, in the field "file"');

/** The part's own file name, without any folder a browser or client put before it. */
function partFileName(filename: string | undefined): string {
  if (illFormedTextPath(filename)) throw new HttpError(400, `file name: ${illFormedTextMessage}`);
  const name = (filename ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return name === '' || name === '.' || name === '..' ? 'attachment' : name;
}

/**
 * The request's one file (multipart field "file"), read into memory up to `maxBytes`, with its
 * own file name. Callers read it only after their path and access checks, so a caller who may not
 * upload never gets to send the body; a file too large or unreadable is a 400.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw noFile();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, parts: 10 } });
    if (!part || part.fieldname !== 'file') throw noFile();
    return { bytes: await part.toBuffer(), fileName: partFileName(part.filename) };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig(maxBytes);
    // Malformed or cut-off multipart bodies, too many parts: the caller's mistake.
    throw new HttpError(400, `The upload could not be read: ${(err as Error).message}`);
  }
}
