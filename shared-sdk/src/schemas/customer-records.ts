import { z } from 'zod';
import { conversationStatuses, customerIdentitySchema } from './conversations';
import { ticketSchema } from './tickets';

const id = z.string().min(1).max(64);
const timestamp = z.string();

export const customersPageSize = 25;
export const customerSorts = ['lastSeen', 'name'] as const;
export type CustomerSort = (typeof customerSorts)[number];

/** GET /api/user/customers: a page of the workspace's customers, the next by `cursor`. */
export const customersRequestSchema = z.object({
  workspaceId: id,
  /** Part of a name or e-mail address. */
  q: z.string().trim().max(200, 'A search is at most 200 characters').optional(),
  sort: z.enum(customerSorts).default('lastSeen'),
  /** The `nextCursor` of the page before; its shape is the server's. */
  cursor: z.string().max(400).optional(),
});
export type CustomersRequest = z.input<typeof customersRequestSchema>;

/** A customer as the Customers page lists and shows them. */
export const customerRecordSchema = z.object({
  id,
  workspaceId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  orderId: z.string().nullable(),
  /** First seen. */
  createdAt: timestamp,
  lastSeenAt: timestamp,
  /** Set once the customer was erased: the record holds nothing personal any more. */
  erasedAt: timestamp.nullable(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const customersResponseSchema = z.object({
  customers: z.array(customerRecordSchema),
  /** null: this was the last page. */
  nextCursor: z.string().nullable(),
});
export type CustomersResponse = z.infer<typeof customersResponseSchema>;

export const customerRequestSchema = z.object({ workspaceId: id, customerId: id });
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

/** One of the customer's conversations, as their page lists it. */
export const customerConversationSchema = z.object({
  id,
  subject: z.string().nullable(),
  status: z.enum(conversationStatuses),
  messagesCount: z.number().int(),
  lastMessage: z.string().nullable(),
  /** The customer's rating (1–5) and comment, when they gave one. */
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  ratedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CustomerConversation = z.infer<typeof customerConversationSchema>;

/** GET /api/user/customer: the customer and their whole history (the latest 200 of each). */
export const customerDetailsSchema = z.object({
  customer: customerRecordSchema,
  conversations: z.array(customerConversationSchema),
  tickets: z.array(ticketSchema),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/** PATCH /api/user/customers: the details a member may correct. */
export const updateCustomerRequestSchema = customerIdentitySchema.extend({
  workspaceId: id,
  customerId: id,
});
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequestSchema>;

/**
 * POST /api/user/customers-merge: `mergedCustomerId`'s conversations (and the tickets on them)
 * move to `customerId`; the merged record goes.
 */
export const mergeCustomersRequestSchema = z.object({
  workspaceId: id,
  customerId: id,
  mergedCustomerId: id,
});
export type MergeCustomersRequest = z.infer<typeof mergeCustomersRequestSchema>;

export const mergeCustomersResponseSchema = z.object({
  customer: customerRecordSchema,
  movedConversations: z.number().int(),
});

/** POST /api/user/customers-erase: what went. */
export const eraseCustomerResponseSchema = z.object({
  erasedMessages: z.number().int(),
  erasedFiles: z.number().int(),
  erasedNotes: z.number().int(),
});
export type EraseCustomerResponse = z.infer<typeof eraseCustomerResponseSchema>;

/** An entry of the audit list: who erased which customer, and when. */
export const customerErasureSchema = z.object({
  id,
  customerId: id,
  erasedBy: id,
  erasedByEmail: z.string().nullable(),
  erasedAt: timestamp,
  messagesCount: z.number().int(),
  filesCount: z.number().int(),
});
export type CustomerErasure = z.infer<typeof customerErasureSchema>;

export const workspaceCustomerErasuresRequestSchema = z.object({ workspaceId: id });
export const customerErasuresResponseSchema = z.object({
  erasures: z.array(customerErasureSchema),
});
export type CustomerErasuresResponse = z.infer<typeof customerErasuresResponseSchema>;

/**
 * GET /api/user/customer-export: everything the workspace holds about the customer, for a
 * data-access request.
 */
export const customerExportSchema = z.object({
  exportedAt: timestamp,
  customer: customerRecordSchema,
  conversations: z.array(
    customerConversationSchema.extend({
      messages: z.array(
        z.object({
          id,
          role: z.enum(['user', 'agent', 'bot']),
          content: z.string(),
          timestamp,
          attachments: z.array(z.object({ originalName: z.string(), url: z.string() })),
        }),
      ),
      notes: z.array(z.object({ id, content: z.string(), timestamp })),
    }),
  ),
  tickets: z.array(ticketSchema),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;
