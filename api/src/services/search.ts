import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { search, type SearchInput } from '../repositories/search';

/** Header search over one workspace: conversations, messages and tickets, and its customers. */
export function searchWorkspace(db: Kysely<Database>, input: SearchInput) {
  return search(db, input);
}
