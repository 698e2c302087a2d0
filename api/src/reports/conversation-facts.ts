import { sql, type RawBuilder } from 'kysely';

/**
 * What the reports need to know of each conversation, read from its rows: when it was resolved
 * (the latest resolution, while it stays resolved), whether it was handed over, whether a "Did
 * you mean" choice answered it, its first customer message and its first agent reply (with who
 * wrote it). `where` picks the conversations (alias `c`); the columns of `c` come along.
 *
 * conversations.id sorts bytewise (collate "C") and messages.conversation_id in the default
 * collation: compared as they are, the two differ and no index on messages serves the lookups (a
 * scan of every message per conversation). The lookup names the messages' collation.
 */
export function conversationFacts(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select c.id, c.created_at, c.updated_at, c.chatbot_id, c.customer_id, c.assignee_id,
      c.agent_ids, c.rating, c.rating_comment, c.rated_at,
      case when c.status = 'resolved' then (
        select max((e ->> 'changedAt')::timestamptz)
        from jsonb_array_elements(c.status_history) e
        where e ->> 'status' = 'resolved'
      ) end as resolved_at,
      exists (
        select 1 from jsonb_array_elements(c.status_history) e
        where e ->> 'reason' in ('handoff', 'not-confident')
      ) as handed_over,
      talk.did_you_mean, talk.first_customer_at, talk.first_agent_at, talk.first_agent_id
    from conversations c
    -- One read of the conversation's messages (about ten) gives all four.
    cross join lateral (
      select
        coalesce(bool_or(m.suggestion_choice is not null and m.suggestion_choice <> 'none'), false)
          as did_you_mean,
        min(m.timestamp) filter (where m.role = 'user') as first_customer_at,
        min(m.timestamp) filter (where m.role = 'agent') as first_agent_at,
        (array_agg(m.sender_id order by m.timestamp, m.id) filter (where m.role = 'agent'))[1]
          as first_agent_id
      from messages m
      where m.conversation_id = (c.id collate "default")
    ) talk
    where ${where}`;
}

/** Seconds from the customer's first message to the first agent reply (null: none, or before it). */
export const firstResponseSeconds = sql`
  case when f.first_agent_at >= f.first_customer_at
    then extract(epoch from f.first_agent_at - f.first_customer_at)::float8 end`;

/** Seconds from the conversation's start to its resolution. */
export const resolutionSeconds = sql`extract(epoch from f.resolved_at - f.created_at)::float8`;
