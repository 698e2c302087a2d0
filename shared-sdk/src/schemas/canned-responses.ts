import { z } from 'zod';
import { messageContentSchema } from './conversations';

const id = z.string().min(1).max(64);
const timestamp = z.string();

/** A workspace keeps at most this many canned responses. */
export const maxCannedResponsesPerWorkspace = 500;
export const maxCannedResponseShortcutLength = 32;

/**
 * What an agent types after `/` to insert the reply: lower-case letters, digits, `-` and `_`,
 * so that it ends at the first space and is found the same way whatever the case typed.
 */
export const cannedResponseShortcutSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a shortcut')
  .max(
    maxCannedResponseShortcutLength,
    `Shortcuts are at most ${maxCannedResponseShortcutLength} characters`,
  )
  .regex(/^[a-z0-9_-]+$/, 'Shortcuts use letters, digits, - and _ only (no spaces)');

const cannedResponseContentSchema = messageContentSchema.min(1, 'Please write the reply');

/**
 * A workspace's saved reply (GET /api/user/canned-responses and the live `canned_responses`
 * collection, ordered by shortcut). Every member reads them; admins manage them.
 */
export const cannedResponseSchema = z.object({
  id,
  workspaceId: id,
  shortcut: z.string(),
  content: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;
export const cannedResponsesSchema = z.array(cannedResponseSchema);

/** Shortcut unique per workspace: a taken one is refused (400) naming the field. */
export const createCannedResponseRequestSchema = z.object({
  workspaceId: id,
  shortcut: cannedResponseShortcutSchema,
  content: cannedResponseContentSchema,
});
export type CreateCannedResponseRequest = z.input<typeof createCannedResponseRequestSchema>;

export const updateCannedResponseRequestSchema = z.object({
  workspaceId: id,
  cannedResponseId: id,
  shortcut: cannedResponseShortcutSchema.optional(),
  content: cannedResponseContentSchema.optional(),
});
export type UpdateCannedResponseRequest = z.input<typeof updateCannedResponseRequestSchema>;

export const cannedResponseRequestSchema = z.object({ workspaceId: id, cannedResponseId: id });
export type CannedResponseRequest = z.input<typeof cannedResponseRequestSchema>;
