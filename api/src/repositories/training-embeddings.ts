import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rows read or written at once: well under the 65,535 parameters of one statement. */
const chunk = 1000;

/** The stored vectors of the texts whose hashes are `hashes`, by hash. */
export async function selectTrainingEmbeddings(
  db: Kysely<Database>,
  workspaceId: string,
  model: string,
  hashes: readonly string[],
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (let start = 0; start < hashes.length; start += chunk) {
    const rows = await db
      .selectFrom('trainingEmbeddings')
      .select(['textHash', 'vector'])
      .where('workspaceId', '=', workspaceId)
      .where('model', '=', model)
      .where('textHash', 'in', hashes.slice(start, start + chunk))
      .execute();
    for (const row of rows) found.set(row.textHash, row.vector);
  }
  return found;
}

/** Stores vectors; one already stored (another instance embedded it too) is kept. */
export async function insertTrainingEmbeddings(
  db: Kysely<Database>,
  rows: readonly { workspaceId: string; model: string; textHash: string; vector: Buffer }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    await db
      .insertInto('trainingEmbeddings')
      .values(rows.slice(start, start + chunk))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** Forgets the vectors of models other than `model`, once the workspace has all of its own. */
export async function deleteOtherModelsEmbeddings(
  db: Kysely<Database>,
  workspaceId: string,
  model: string,
): Promise<void> {
  await db
    .deleteFrom('trainingEmbeddings')
    .where('workspaceId', '=', workspaceId)
    .where('model', '!=', model)
    .execute();
}
