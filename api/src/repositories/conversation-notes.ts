import type { Kysely, Selectable } from 'kysely';
import type { ConversationNote } from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { ConversationNotesTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type ConversationNoteRow = Selectable<ConversationNotesTable>;

export function toConversationNote(row: ConversationNoteRow): ConversationNote {
  return {
    id: row.id,
    kind: 'note',
    workspaceId: row.workspaceId,
    conversationId: row.conversationId,
    authorId: row.authorId,
    content: row.content,
    timestamp: row.timestamp.toISOString(),
  };
}

/** A member's note on the conversation; only the `conversation_notes` queries hear of it. */
export async function insertConversationNote(
  trx: Kysely<Database>,
  note: { workspaceId: string; conversationId: string; authorId: string; content: string },
): Promise<ConversationNoteRow> {
  const row = await trx
    .insertInto('conversationNotes')
    .values({ id: randomId(), ...note })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, {
    collection: 'conversation_notes',
    workspaceId: row.workspaceId,
    ids: [row.id],
    conversationIds: [row.conversationId],
  });
  return row;
}
