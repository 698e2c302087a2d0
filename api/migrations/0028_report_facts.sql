-- Reports (issue 43) over a busy workspace: deriving each conversation's first response and
-- resolution from its messages and status history at read time cost a second and more over
-- 100,000 conversations. Each conversation now keeps those facts on its row, kept by triggers in
-- the transaction of the write that changes them (on PostgreSQL and PGlite alike, whatever code
-- path writes the message or the status), so a report reads one row per conversation.

alter table conversations
  -- The customer's first message and the first agent reply (with who wrote it).
  add column first_customer_at timestamptz(3),
  add column first_agent_at timestamptz(3),
  add column first_agent_id text,
  -- The latest resolution while the conversation stays resolved; null when open or pending.
  add column resolved_at timestamptz,
  -- Ever handed over to a person (the customer asked, or the bot was not confident).
  add column handed_over boolean not null default false,
  -- A "Did you mean" choice of a pair answered the customer.
  add column did_you_mean boolean not null default false;

-- Existing conversations: the same facts, read once from what they already hold.
update conversations c set
  resolved_at = case when c.status = 'resolved' then (
    select max((e ->> 'changedAt')::timestamptz)
    from jsonb_array_elements(c.status_history) e
    where e ->> 'status' = 'resolved'
  ) end,
  handed_over = exists (
    select 1 from jsonb_array_elements(c.status_history) e
    where e ->> 'reason' in ('handoff', 'not-confident')
  )
where c.status = 'resolved' or c.status_history @> '[{"reason": "handoff"}]'
  or c.status_history @> '[{"reason": "not-confident"}]';

update conversations c set
  first_customer_at = t.first_customer_at,
  first_agent_at = t.first_agent_at,
  first_agent_id = t.first_agent_id,
  did_you_mean = t.did_you_mean
from (
  select m.conversation_id,
    min(m.timestamp) filter (where m.role = 'user') as first_customer_at,
    min(m.timestamp) filter (where m.role = 'agent') as first_agent_at,
    (array_agg(m.sender_id order by m.timestamp, m.id) filter (where m.role = 'agent'))[1]
      as first_agent_id,
    coalesce(bool_or(m.suggestion_choice is not null and m.suggestion_choice <> 'none'), false)
      as did_you_mean
  from messages m
  group by m.conversation_id
) t
-- conversations.id sorts bytewise (collate "C"), messages.conversation_id in the default
-- collation: the explicit collation lets the primary key find each row.
where c.id = (t.conversation_id collate "C");

-- A status change: both facts follow from the status and its history, on the row being written.
create function conversation_status_facts() returns trigger language plpgsql as $$
begin
  new.resolved_at := case when new.status = 'resolved' then (
    select max((e ->> 'changedAt')::timestamptz)
    from jsonb_array_elements(new.status_history) e
    where e ->> 'status' = 'resolved'
  ) end;
  new.handed_over := exists (
    select 1 from jsonb_array_elements(new.status_history) e
    where e ->> 'reason' in ('handoff', 'not-confident')
  );
  return new;
end;
$$;

create trigger conversations_status_facts_added
  before insert on conversations
  for each row execute function conversation_status_facts();

create trigger conversations_status_facts_changed
  before update of status, status_history on conversations
  for each row when (old.status is distinct from new.status
    or old.status_history is distinct from new.status_history)
  execute function conversation_status_facts();

-- New messages, once per statement (a bulk import is one update per conversation, not one per
-- message). A message later than the facts already kept changes nothing, and then the
-- conversation's row is not written again.
create function messages_report_facts_added() returns trigger language plpgsql as $$
begin
  update conversations c set
    first_customer_at = least(c.first_customer_at, n.first_customer_at),
    first_agent_at = least(c.first_agent_at, n.first_agent_at),
    first_agent_id = case
      when n.first_agent_at is null then c.first_agent_id
      when c.first_agent_at is null or n.first_agent_at < c.first_agent_at then n.first_agent_id
      when n.first_agent_at > c.first_agent_at then c.first_agent_id
      -- Two agent replies in the same millisecond: the first by id, as a recomputation orders.
      else (
        select m.sender_id from messages m
        where m.conversation_id = n.conversation_id and m.role = 'agent'
        order by m.timestamp, m.id limit 1
      ) end,
    did_you_mean = c.did_you_mean or n.did_you_mean
  from (
    select a.conversation_id,
      min(a.timestamp) filter (where a.role = 'user') as first_customer_at,
      min(a.timestamp) filter (where a.role = 'agent') as first_agent_at,
      (array_agg(a.sender_id order by a.timestamp, a.id) filter (where a.role = 'agent'))[1]
        as first_agent_id,
      coalesce(bool_or(a.suggestion_choice is not null and a.suggestion_choice <> 'none'), false)
        as did_you_mean
    from added a
    group by a.conversation_id
  ) n
  where c.id = (n.conversation_id collate "C")
    and (n.first_customer_at < c.first_customer_at
      or (c.first_customer_at is null and n.first_customer_at is not null)
      or n.first_agent_at <= c.first_agent_at
      or (c.first_agent_at is null and n.first_agent_at is not null)
      or (n.did_you_mean and not c.did_you_mean));
  return null;
end;
$$;

create trigger messages_report_facts_added
  after insert on messages
  referencing new table as added
  for each statement execute function messages_report_facts_added();

-- Rare writes (a "Did you mean" choice, a message deleted with its customer's data): the
-- conversation's message facts read again from the messages it has left.
create function refresh_conversation_message_facts(conversation text) returns void
language sql as $$
  update conversations c set
    (first_customer_at, first_agent_at, first_agent_id, did_you_mean) = (
      select min(m.timestamp) filter (where m.role = 'user'),
        min(m.timestamp) filter (where m.role = 'agent'),
        (array_agg(m.sender_id order by m.timestamp, m.id) filter (where m.role = 'agent'))[1],
        coalesce(bool_or(m.suggestion_choice is not null and m.suggestion_choice <> 'none'),
          false)
      from messages m
      where m.conversation_id = conversation
    )
  where c.id = (conversation collate "C");
$$;

create function messages_report_facts_changed() returns trigger language plpgsql as $$
begin
  perform refresh_conversation_message_facts(new.conversation_id);
  if old.conversation_id is distinct from new.conversation_id then
    perform refresh_conversation_message_facts(old.conversation_id);
  end if;
  return null;
end;
$$;

create trigger messages_report_facts_changed
  after update of conversation_id, role, sender_id, "timestamp", suggestion_choice on messages
  for each row when (old.conversation_id is distinct from new.conversation_id
    or old.role is distinct from new.role or old.sender_id is distinct from new.sender_id
    or old."timestamp" is distinct from new."timestamp"
    or old.suggestion_choice is distinct from new.suggestion_choice)
  execute function messages_report_facts_changed();

create function messages_report_facts_removed() returns trigger language plpgsql as $$
begin
  -- A conversation deleted with its messages is gone: nothing of it is updated.
  perform refresh_conversation_message_facts(r.conversation_id)
  from (select distinct conversation_id from removed) r;
  return null;
end;
$$;

create trigger messages_report_facts_removed
  after delete on messages
  referencing old table as removed
  for each statement execute function messages_report_facts_removed();

-- What a report reads: the conversations created, resolved or rated since a day, as one index
-- range (three ranges ORed are estimated as far more rows than they are, and read by a table
-- scan). greatest() passes over the nulls of the conversations not resolved or not rated.
create index conversations_workspace_last_fact_idx
  on conversations (workspace_id, (greatest(created_at, resolved_at, rated_at)));
