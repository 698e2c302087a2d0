import type { Kysely } from 'kysely';
import { maxCannedResponsesPerWorkspace } from 'shared-sdk/schemas';
import type { CannedResponse } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  countCannedResponsesLocked,
  deleteCannedResponse,
  insertCannedResponse,
  listCannedResponses,
  lockCannedResponse,
  shortcutTaken,
  toCannedResponse,
  updateCannedResponse,
} from '../repositories/canned-responses';

// A workspace's canned responses (issue 18): saved replies an agent inserts with `/shortcut`.

export const cannedResponseNotFound = (id: string) =>
  new HttpError(404, `Canned response ${id} not found`);
export const shortcutInUse = (shortcut: string) =>
  new HttpError(400, `shortcut: /${shortcut} is already used by another canned response`);
const tooMany = () =>
  new HttpError(
    400,
    `A workspace keeps at most ${maxCannedResponsesPerWorkspace} canned responses; delete one first`,
  );

/** A concurrent write took the same shortcut after this one checked it. */
export const isShortcutConflict = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  (err as { constraint?: unknown }).constraint === 'canned_responses_shortcut_key';

async function requireFreeShortcut(
  trx: Kysely<Database>,
  workspaceId: string,
  shortcut: string,
  exceptId: string | null,
) {
  if (await shortcutTaken(trx, workspaceId, shortcut, exceptId)) throw shortcutInUse(shortcut);
}

export async function createCannedResponse(
  trx: Kysely<Database>,
  request: { workspaceId: string; shortcut: string; content: string },
  now: Date,
): Promise<CannedResponse> {
  if (
    (await countCannedResponsesLocked(trx, request.workspaceId)) >= maxCannedResponsesPerWorkspace
  ) {
    throw tooMany();
  }
  await requireFreeShortcut(trx, request.workspaceId, request.shortcut, null);
  return toCannedResponse(await insertCannedResponse(trx, request, now));
}

export async function changeCannedResponse(
  trx: Kysely<Database>,
  request: { workspaceId: string; cannedResponseId: string; shortcut?: string; content?: string },
  now: Date,
): Promise<CannedResponse> {
  const { workspaceId, cannedResponseId, shortcut, content } = request;
  const row = await lockCannedResponse(trx, workspaceId, cannedResponseId);
  if (!row) throw cannedResponseNotFound(cannedResponseId);
  if (shortcut !== undefined) await requireFreeShortcut(trx, workspaceId, shortcut, row.id);
  if (shortcut === undefined && content === undefined) return toCannedResponse(row);
  return toCannedResponse(await updateCannedResponse(trx, row, { shortcut, content }, now));
}

export async function removeCannedResponse(
  trx: Kysely<Database>,
  workspaceId: string,
  cannedResponseId: string,
): Promise<void> {
  const row = await lockCannedResponse(trx, workspaceId, cannedResponseId);
  if (!row) throw cannedResponseNotFound(cannedResponseId);
  await deleteCannedResponse(trx, row);
}

/** The workspace's canned responses. */
export async function cannedResponsesOf(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<CannedResponse[]> {
  return (await listCannedResponses(db, workspaceId)).map(toCannedResponse);
}
