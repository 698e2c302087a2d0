import { sql, type RawBuilder } from 'kysely';

/**
 * What the reports need to know of each conversation: when it was resolved (the latest
 * resolution, while it stays resolved), whether it was handed over, whether a "Did you mean"
 * choice answered it, its first customer message and its first agent reply (with who wrote it).
 * Triggers keep these on the conversation's row in the transaction of each message or status
 * write (migration 0028), so a report reads one row per conversation and none of its messages.
 * `where` picks the conversations (alias `c`); the columns of `c` come along.
 */
export function conversationFacts(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select c.id, c.created_at, c.updated_at, c.chatbot_id, c.customer_id, c.assignee_id,
      c.agent_ids, c.channel, c.rating, c.rating_comment, c.rated_at, c.resolved_at,
      c.handed_over, c.did_you_mean, c.first_customer_at, c.first_agent_at, c.first_agent_id
    from conversations c
    where ${where}`;
}

// date_part gives the seconds as float8 directly; extract() goes through numeric, several
// times slower over the thousands of rows of a report (and the figures are float8 anyway).

/** Seconds from the customer's first message to the first agent reply (null: none, or before it). */
export const firstResponseSeconds = sql`
  case when f.first_agent_at >= f.first_customer_at
    then date_part('epoch', f.first_agent_at - f.first_customer_at) end`;

/** Seconds from the conversation's start to its resolution. */
export const resolutionSeconds = sql`date_part('epoch', f.resolved_at - f.created_at)`;
