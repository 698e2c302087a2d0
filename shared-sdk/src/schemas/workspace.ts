import { z } from 'zod';
import {
  awayMessageSchema,
  businessHoursSchema,
  chatbotExperienceSchema,
  greetingMessageSchema,
  launcherLabelSchema,
  launcherPositionSchema,
  preChatFormSchema,
} from './chatbot-experience';
import { workspaceRoles, workspaceUserStatuses, idleTimeoutBounds } from './constants';

const id = z.string().min(1).max(64);
const timestamp = z.string();

// product-spec.md §3 workspace: id doubles as its API key, ownedBy as its public key.
export const workspaceSchema = z.object({
  id,
  ownedBy: z.string(),
  name: z.string(),
  url: z.string(),
  ticketForwardingEmail: z.string().nullable(),
  backgroundColor: z.string(),
  /** ISO 4217: what product prices are in. */
  currency: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Workspace = z.infer<typeof workspaceSchema>;

export type WorkspaceRole = (typeof workspaceRoles)[number];
export type WorkspaceUserStatus = (typeof workspaceUserStatuses)[number];

// product-spec.md §3 workspace_user link, enriched with the member's name, e-mail, photo and workspace.
export const workspaceUserSchema = z.object({
  id,
  workspaceId: id,
  userId: id,
  role: z.enum(workspaceRoles),
  status: z.enum(workspaceUserStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
  workspace: workspaceSchema,
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

const workspaceName = z.string().trim().min(1, 'Please name the workspace').max(120);
const websiteUrl = z.url('Please enter a full web address, like https://example.com').max(2048);

export const createWorkspaceRequestSchema = z.object({ workspaceName, websiteUrl });
/** An ISO 4217 code the runtime knows ('EUR', 'USD', 'JPY'): what product prices are in. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code, like EUR')
  .refine((code) => Intl.supportedValuesOf('currency').includes(code), 'Unknown currency');

/** A colour as the pickers write it: `#` and six hex digits. */
export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Please enter a colour as # and six hex digits, like #2450E6');

export const updateWorkspaceRequestSchema = z.object({
  workspaceId: id,
  workspaceName,
  websiteUrl,
  /** Left out: unchanged. Product prices keep their amounts; only their currency changes. */
  currency: currencySchema.optional(),
  /** Where each new ticket is e-mailed; null stops it, left out leaves it. */
  ticketForwardingEmail: z
    .email('Please enter a valid e-mail address')
    .max(254)
    .nullable()
    .optional(),
  /** The header of the chat window on customers' pages. */
  backgroundColor: hexColorSchema.optional(),
});
export type UpdateWorkspaceRequest = z.input<typeof updateWorkspaceRequestSchema>;
export const deleteWorkspaceRequestSchema = z.object({ workspaceId: id });
export const workspaceIdQuerySchema = z.object({ workspaceId: id });

export const addWorkspaceUsersRequestSchema = z.object({
  workspaceId: id,
  users: z
    .array(
      z.object({
        email: z.email('Please enter a valid e-mail address'),
        role: z.enum(workspaceRoles),
      }),
    )
    .min(1, 'Add at least one person')
    .max(50),
});
export type AddWorkspaceUsersRequest = z.infer<typeof addWorkspaceUsersRequestSchema>;
export const updateWorkspaceUserRequestSchema = z.object({
  workspaceUserId: id,
  role: z.enum(workspaceRoles).optional(),
  status: z.enum(workspaceUserStatuses).optional(),
});
export const deleteWorkspaceUserRequestSchema = z.object({ workspaceUserId: id });

// product-spec.md §3 chatbot, with what customers expect of a chat (greeting, launcher, pre-chat form,
// business hours).
export const chatbotSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    messageBackgroundColor: z.string(),
    idleTimeoutInMinutes: z.number().int(),
    photoUrl: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .extend(chatbotExperienceSchema.shape);
export type Chatbot = z.infer<typeof chatbotSchema>;

const idleTimeoutMessage = `Please enter whole minutes from ${idleTimeoutBounds.min} to ${idleTimeoutBounds.max} (24 hours): shorter closes chats while customers type, longer keeps stale ones open`;

/** Where a chatbot's photos are stored (product-spec.md §3 images/chatbots/{id-id}/{file}). */
export const chatbotPhotoFolder = (workspaceId: string, chatbotId: string) =>
  `images/chatbots/${workspaceId}-${chatbotId}/`;

/** The stored path of a URL the storage serves (…/api/storage/images/…), else null. */
export function storedImagePath(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const prefix = '/api/storage/';
  if (!pathname.startsWith(`${prefix}images/`)) return null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
}

/** product-spec.md §7 PATCH /api/user/chatbots: every field of the chatbot an admin can change. */
export const updateChatbotRequestSchema = z
  .object({
    workspaceId: id,
    chatbotId: id,
    name: z.string().trim().min(1, 'Please name the chatbot').max(60, 'At most 60 characters'),
    description: z.string().trim().max(500, 'At most 500 characters'),
    messageBackgroundColor: hexColorSchema,
    idleTimeoutInMinutes: z
      .number(idleTimeoutMessage)
      .int(idleTimeoutMessage)
      .min(idleTimeoutBounds.min, idleTimeoutMessage)
      .max(idleTimeoutBounds.max, idleTimeoutMessage),
    /** A photo uploaded to this chatbot's own folder; null removes it. */
    photoUrl: z.string().trim().max(2048).nullable(),
    // Left out: unchanged (callers of the spec's fields alone keep working).
    /** Empty: no greeting. */
    greetingMessage: greetingMessageSchema.optional(),
    launcherPosition: launcherPositionSchema.optional(),
    /** Empty: the launcher shows its icon alone. */
    launcherLabel: launcherLabelSchema.optional(),
    preChatForm: preChatFormSchema.optional(),
    businessHours: businessHoursSchema.optional(),
    awayMessage: awayMessageSchema.optional(),
  })
  .superRefine((request, context) => {
    if (request.photoUrl === null) return;
    const path = storedImagePath(request.photoUrl);
    const folder = chatbotPhotoFolder(request.workspaceId, request.chatbotId);
    const fileName = path?.slice(folder.length) ?? '';
    if (!path?.startsWith(folder) || !fileName || fileName.includes('/')) {
      context.addIssue({
        code: 'custom',
        path: ['photoUrl'],
        message: "The photo must be one uploaded for this chatbot (its folder is this chatbot's)",
      });
    }
  });
export type UpdateChatbotRequest = z.input<typeof updateChatbotRequestSchema>;

// product-spec.md §3 statistics of a workspace ("unresolved" conversations are stored as pending).
export const statisticsSchema = z.object({
  workspaceId: id,
  tickets: z.object({ open: z.number().int(), closed: z.number().int() }),
  products: z.object({
    all: z.number().int(),
    active: z.number().int(),
    disabled: z.number().int(),
    processing: z.number().int(),
  }),
  conversations: z.object({
    all: z.number().int(),
    resolved: z.number().int(),
    pending: z.number().int(),
    /** Conversations where the customer took an answer of the bot's training (issue 15). */
    botAnswered: z.number().int(),
  }),
  aiTrainingQnas: z.object({ count: z.number().int() }),
  /**
   * The customers' ratings of resolved conversations (POST /api/widget/rating): how many, and
   * their average (sum / count; null while there are none).
   */
  ratings: z.object({
    count: z.number().int(),
    sum: z.number().int(),
    average: z.number().nullable(),
  }),
});
export type Statistics = z.infer<typeof statisticsSchema>;

// Answers of the list calls (GET /api/user/workspaces, /api/user/users, /api/user/chatbots).
export const workspaceUsersSchema = z.array(workspaceUserSchema);
export const chatbotsSchema = z.array(chatbotSchema);
/** GET /api/user/is-admin (product-spec.md §7: the response is a boolean). */
export const isAdminResponseSchema = z.boolean();
