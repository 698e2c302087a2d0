import type { LiveQuery } from './schemas/live';

// Typing and presence: ephemeral messages on the live socket, never stored. Both sides keep to
// these figures so that an indicator neither flickers nor lingers.

/** A client sends `{type: 'typing'}` at most once per this while its person keeps typing. */
export const typingSendIntervalMs = 2_000;
/** An indicator hides this long after the last typing event it heard. */
export const typingShownMs = 5_000;
/**
 * The server drops a sender's typing events for one conversation that come closer together
 * than this (at most four a second), whatever the client does.
 */
export const typingMinGapMs = 250;
/** An agent with a conversation open sends `{type: 'viewing'}` again this often. */
export const presenceRefreshMs = 15_000;
/** A colleague counts as viewing until this long after their last `viewing` was heard. */
export const presenceExpiresMs = 40_000;

/** The takeover list's assignment filter (spec issue 18: mine, unassigned, all). */
export const conversationAssigneeFilters = ['mine', 'unassigned', 'all'] as const;
export type ConversationAssigneeFilter = (typeof conversationAssigneeFilters)[number];

/** The takeover list's channel filter: every conversation, the widget's or e-mail's. */
export const conversationChannelFilters = ['all', 'widget', 'email'] as const;
export type ConversationChannelFilter = (typeof conversationChannelFilters)[number];

/** The `where` of a live `conversations` query for the channel filter (the server filters). */
export function conversationChannelWhere(
  filter: ConversationChannelFilter,
): NonNullable<LiveQuery['where']> {
  return filter === 'all' ? [] : [{ field: 'channel', op: '==', value: filter }];
}

/** The `where` of a live `conversations` query for the filter, as seen by `userId`. */
export function conversationAssigneeWhere(
  filter: ConversationAssigneeFilter,
  userId: string,
): NonNullable<LiveQuery['where']> {
  if (filter === 'mine') return [{ field: 'assigneeId', op: '==', value: userId }];
  if (filter === 'unassigned') return [{ field: 'assigneeId', op: '==', value: null }];
  return [];
}
