import { z } from 'zod';

const id = z.string().min(1).max(64);
const timestamp = z.string();

// product-spec.md §3 ticket, §4 ticket status.
export const ticketStatuses = ['open', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
/** 'external' is a ticket linked to a conversation. */
export const ticketTypes = ['internal', 'external'] as const;
export type TicketType = (typeof ticketTypes)[number];

/** Who an internal ticket is for (product-spec.md §3 does not show the shape; every part may be empty). */
export const recipientInfoSchema = z.object({
  firstName: z.string().trim().max(120).default(''),
  lastName: z.string().trim().max(120).default(''),
  email: z
    .union([z.literal(''), z.email('Please enter a valid e-mail address').max(254)])
    .default(''),
});
export type RecipientInfo = z.infer<typeof recipientInfoSchema>;

/** A ticket as the live `tickets` collection and the ticket calls return it. */
export const ticketSchema = z.object({
  id,
  workspaceId: id,
  type: z.enum(ticketTypes),
  assigneeId: id.nullable(),
  status: z.enum(ticketStatuses),
  isFollowedUp: z.boolean(),
  /** Internal tickets. */
  subject: z.string().nullable(),
  /** Internal tickets. */
  recipientInfo: recipientInfoSchema.nullable(),
  /** External tickets. */
  conversationId: id.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Ticket = z.infer<typeof ticketSchema>;

const subject = z.string().trim().min(1, 'Please enter a subject').max(200);

// product-spec.md §7 POST /api/user/tickets.
export const createTicketRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('internal'),
    workspaceId: id,
    subject,
    recipientInfo: recipientInfoSchema,
    assigneeId: id.nullable(),
  }),
  z.object({
    type: z.literal('external'),
    workspaceId: id,
    conversationId: id,
    assigneeId: id.nullable(),
  }),
]);
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;

/** Changes what the ticket page lets an agent change besides status and follow-up. */
export const updateTicketRequestSchema = z.object({
  workspaceId: id,
  ticketId: id,
  assigneeId: id.nullable(),
});
export type UpdateTicketRequest = z.infer<typeof updateTicketRequestSchema>;

const ticketIds = z.array(id).min(1, 'Select at least one ticket').max(500);

// product-spec.md §7 PATCH /api/user/resolve-tickets and /api/user/follow-up-tickets.
export const resolveTicketsRequestSchema = z.object({ workspaceId: id, ticketIds });
export const followUpTicketsRequestSchema = z.object({
  workspaceId: id,
  ticketIds,
  /** false takes the follow-up mark off. */
  isFollowedUp: z.boolean().default(true),
});

/** The list filter an "all" call applies to: product-spec.md §7 where{field status, value}; none = every ticket. */
export const ticketsWhereSchema = z.object({
  field: z.literal('status'),
  value: z.enum(ticketStatuses),
});
export type TicketsWhere = z.infer<typeof ticketsWhereSchema>;

// product-spec.md §7 PATCH /api/user/resolve-tickets-all and /api/user/follow-up-tickets-all.
export const resolveTicketsAllRequestSchema = z.object({
  workspaceId: id,
  where: ticketsWhereSchema.optional(),
});
export const followUpTicketsAllRequestSchema = z.object({
  workspaceId: id,
  where: ticketsWhereSchema.optional(),
  isFollowedUp: z.boolean().default(true),
});

/** What a bulk ticket call answers: how many tickets it changed. */
export const ticketsChangedResponseSchema = z.object({ changed: z.number().int() });
export type TicketsChangedResponse = z.infer<typeof ticketsChangedResponseSchema>;
