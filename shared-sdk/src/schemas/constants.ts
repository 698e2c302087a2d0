// The lists and limits the schemas are made with, without zod: a page shows them (a select's
// options, a maximum in a hint) without loading the schemas.

// product-spec.md §9: default minimum password length; the rest of the policy comes from the server.
export const defaultMinPasswordLength = 6;

export const companySizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

/** An import is one transaction: every row, or none. */
export const maxProductImportRows = 10_000;

/** An import is one transaction; a longer file is imported in parts. */
export const maxQnaImportPairs = 1000;

/**
 * The events a webhook may subscribe to. Bulk writes send one event for the whole write, never
 * one per row: `ticket.resolved` and `product.deleted` name the ids when the admin picked them
 * (at most a page) and only the count when a filter chose them; an import sends one
 * `product.imported` with its counts.
 */
export const webhookEventNames = [
  'conversation.created',
  'conversation.pending',
  'conversation.resolved',
  'message.created',
  'ticket.created',
  'ticket.resolved',
  'product.created',
  'product.updated',
  'product.deleted',
  'product.imported',
] as const;

/** Links of one website the bot may learn from; discovery offers at most this many too. */
export const maxWebsiteLinks = 2000;

/** product-spec.md §9: discovery stops after 30 minutes and keeps what it found. */
export const getLinksTimeoutMinutes = 30;

// product-spec.md §6: 'admin' is the role the spec names; members without it are agents.
export const workspaceRoles = ['admin', 'agent'] as const;

export const workspaceUserStatuses = ['active', 'disabled'] as const;

/**
 * product-spec.md §3 idleTimeoutInMinutes. At least 5 minutes: the idle sweep runs every minute or so, and a
 * shorter wait would close a conversation while the customer is still typing. At most 24 hours:
 * a longer one leaves yesterday's conversations open in the agents' pending list.
 */
export const idleTimeoutBounds = { min: 5, max: 1440 } as const;

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
