import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, StoredFilesTable } from '../db/schema';

export type StoredFileRow = Selectable<StoredFilesTable>;
export type NewStoredFile = Insertable<StoredFilesTable>;

/** Records a file just written to storage. */
export async function insertStoredFile(db: Kysely<Database>, file: NewStoredFile): Promise<void> {
  await db.insertInto('storedFiles').values(file).execute();
}

/** The file stored under `path` (with its random suffix), if any. */
export function findStoredFile(
  db: Kysely<Database>,
  path: string,
): Promise<StoredFileRow | undefined> {
  return db.selectFrom('storedFiles').selectAll().where('path', '=', path).executeTakeFirst();
}
