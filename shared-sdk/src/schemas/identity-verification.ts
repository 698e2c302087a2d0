import { z } from 'zod';

const id = z.string().min(1).max(64);
const timestamp = z.string();

/**
 * Verified customer identity: the business's server signs its user's id with the workspace's
 * identity secret (hex HMAC-SHA256 of `userId`, or of `userId + ":" + expiresAt` to make it
 * expire), and the page passes both to `Parley.identify`. widget/README.md has server snippets.
 */

/** After a rotation the previous secret is still accepted this long (24 hours). */
export const previousIdentitySecretHours = 24;

/** The signed part of an identify (the widget's `Parley.identify` passes these through). */
export const signedIdentitySchema = z.object({
  /** The business's own id of its signed-in user. */
  userId: z.string().trim().min(1, 'userId is empty').max(200).optional(),
  /** Hex HMAC-SHA256 of userId (or of `userId:expiresAt`), keyed with the identity secret. */
  userHash: z
    .string()
    .trim()
    .max(200)
    .regex(/^[0-9a-fA-F]{64}$/, 'userHash is the 64 hex digits of an HMAC-SHA256')
    .optional(),
  /** Unix seconds after which the signature is refused; signed with the user id when given. */
  expiresAt: z.number().int().min(0).max(1e11).optional(),
});
export type SignedIdentity = z.infer<typeof signedIdentitySchema>;

/** Why an identify was not verified (the widget's `'error'` event carries it). */
export const identityErrorCodes = [
  'identity/missing-hash',
  'identity/invalid-hash',
  'identity/expired',
  'identity/not-configured',
  'identity/required',
] as const;
export type IdentityErrorCode = (typeof identityErrorCodes)[number];

/**
 * What became of the identity a widget session was given. `verified`: the visitor is the
 * customer with that user id. `saved`: the details given were written (a verified identity, or
 * an unverified label while verification is not required). `error`: why it was not verified.
 */
export const widgetIdentityResultSchema = z.object({
  verified: z.boolean(),
  saved: z.boolean(),
  error: z.object({ code: z.enum(identityErrorCodes), message: z.string() }).nullable(),
});
export type WidgetIdentityResult = z.infer<typeof widgetIdentityResultSchema>;

/** Settings › Integrations › Identity verification, as admins read it: never the secret. */
export const identityVerificationSchema = z.object({
  /** A secret exists: signed identifies can be checked. */
  configured: z.boolean(),
  /** "Require verified identity". */
  required: z.boolean(),
  createdAt: timestamp.nullable(),
  rotatedAt: timestamp.nullable(),
  /** Until when the secret before the last rotation is still accepted; null: none is. */
  previousSecretExpiresAt: timestamp.nullable(),
});
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const identitySecretResponseSchema = identityVerificationSchema.extend({
  secret: z.string(),
});
export type IdentitySecretResponse = z.infer<typeof identitySecretResponseSchema>;

export const identityVerificationRequestSchema = z.object({ workspaceId: id });
export const updateIdentityVerificationRequestSchema = z.object({
  workspaceId: id,
  required: z.boolean(),
});
export type UpdateIdentityVerificationRequest = z.infer<
  typeof updateIdentityVerificationRequestSchema
>;
