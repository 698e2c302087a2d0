import type { Kysely, Selectable } from 'kysely';
import type { ProfileUpdate, User } from 'shared-sdk';
import type { Database, UsersTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type UserRow = Selectable<UsersTable>;

/** product-spec.md §3 user as the API returns it (never the password hash). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    providerId: row.providerId,
    photoUrl: row.photoUrl,
    firstName: row.firstName,
    lastName: row.lastName,
    website: row.website,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
    preferredLanguage: row.preferredLanguage,
  };
}

/** E-mail addresses are stored and compared lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  website: string | null;
}

/** Inserts the user, or returns undefined when the e-mail address is taken. Pass a transaction. */
export async function insertUser(
  trx: Kysely<Database>,
  user: NewUser,
): Promise<UserRow | undefined> {
  const row = await trx
    .insertInto('users')
    .values({ ...user, email: normalizeEmail(user.email) })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) recordChange(trx, { collection: 'users', workspaceId: null, ids: [row.id] });
  return row;
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export function findUsersByEmails(db: Kysely<Database>, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', 'in', emails.map(normalizeEmail))
    .execute();
}

export function findUserByFirebaseUid(
  db: Kysely<Database>,
  firebaseUid: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('firebaseUid', '=', firebaseUid)
    .executeTakeFirst();
}

export interface NewFirebaseUser {
  id: string;
  firebaseUid: string;
  providerId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The Parley user of a Firebase account's first sign-in; undefined when the e-mail address or
 * the uid is taken (another account, or a concurrent first sign-in). Pass a transaction.
 */
export async function insertFirebaseUser(
  trx: Kysely<Database>,
  user: NewFirebaseUser,
): Promise<UserRow | undefined> {
  const row = await trx
    .insertInto('users')
    .values({ ...user, email: normalizeEmail(user.email), passwordHash: null, website: null })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) recordChange(trx, { collection: 'users', workspaceId: null, ids: [row.id] });
  return row;
}

/** Lets a Firebase account sign in as an existing Parley account of the same verified address. */
export async function linkFirebaseUid(
  trx: Kysely<Database>,
  id: string,
  link: { firebaseUid: string; providerId: string },
  now: Date,
): Promise<UserRow> {
  recordChange(trx, { collection: 'users', workspaceId: null, ids: [id] });
  return trx
    .updateTable('users')
    .set({ ...link, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Another account than `exceptId` holds this e-mail address. */
export async function isEmailTaken(
  db: Kysely<Database>,
  email: string,
  exceptId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalizeEmail(email))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves the product-spec.md §3 saved fields that are present; blank optional text is stored as absent.
 * Members' names and photos show in the workspace_user documents too: those queries re-run on
 * this `users` change by themselves.
 */
export function updateUserProfile(
  trx: Kysely<Database>,
  id: string,
  update: ProfileUpdate,
  now: Date,
): Promise<UserRow> {
  const blankToNull = (value: string | null | undefined) =>
    value === undefined ? undefined : value || null;
  recordChange(trx, { collection: 'users', workspaceId: null, ids: [id] });
  return trx
    .updateTable('users')
    .set({
      email: update.email === undefined ? undefined : normalizeEmail(update.email),
      website: blankToNull(update.website),
      photoUrl: blankToNull(update.photoUrl),
      firstName: update.firstName,
      lastName: update.lastName,
      countryCode: update.countryCode,
      phoneNumber: blankToNull(update.phoneNumber),
      preferredLanguage: update.preferredLanguage,
      updatedAt: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * New password; access tokens issued before `now` stop working. Recorded as a `users` change
 * although the user document stays the same: live connections check their token again on it.
 */
export async function setPasswordHash(
  trx: Kysely<Database>,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  recordChange(trx, { collection: 'users', workspaceId: null, ids: [id] });
  await trx
    .updateTable('users')
    .set({ passwordHash, sessionsValidAfter: now, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Refresh tokens, reset codes and memberships go with it (foreign keys cascade). */
export async function deleteUser(trx: Kysely<Database>, id: string): Promise<void> {
  // The cascade removes the user's links without a statement of ours: recorded from here.
  const links = await trx
    .selectFrom('workspaceUsers')
    .select(['id', 'workspaceId'])
    .where('userId', '=', id)
    .execute();
  for (const link of links) {
    recordChange(trx, {
      collection: 'workspace_user',
      workspaceId: link.workspaceId,
      ids: [link.id],
      userIds: [id],
    });
  }
  recordChange(trx, { collection: 'users', workspaceId: null, ids: [id] });
  await trx.deleteFrom('users').where('id', '=', id).execute();
}
