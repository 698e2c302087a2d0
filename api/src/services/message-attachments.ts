import type { Kysely } from 'kysely';
import type { MessageAttachment } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';

const notAnAttachment = (path: string) =>
  new HttpError(400, `Attachment ${path} was not uploaded to this conversation`);

/**
 * Attachments are files uploaded to `attachments/{conversationId}/…` (product-spec.md §3 path shapes):
 * a message may only carry files of its own conversation, and carries what storage recorded of
 * them (name, type, size), never what the client claims.
 */
export async function storedAttachments(
  trx: Kysely<Database>,
  conversationId: string,
  requested: { path: string }[] | undefined,
  urlOf: (path: string) => string,
): Promise<MessageAttachment[]> {
  const paths = [...new Set((requested ?? []).map((attachment) => attachment.path))];
  if (paths.length === 0) return [];
  const folder = `attachments/${conversationId}/`;
  const outside = paths.find((path) => !path.startsWith(folder));
  if (outside !== undefined) throw notAnAttachment(outside);
  const rows = await trx
    .selectFrom('storedFiles')
    .select(['path', 'originalName', 'contentType', 'size'])
    .where('path', 'in', paths)
    .where('kind', '=', 'attachment')
    .execute();
  const byPath = new Map(rows.map((row) => [row.path, row]));
  return paths.map((path) => {
    const row = byPath.get(path);
    if (!row) throw notAnAttachment(path);
    return {
      path: row.path,
      url: urlOf(row.path),
      originalName: row.originalName,
      contentType: row.contentType,
      size: row.size,
    };
  });
}
