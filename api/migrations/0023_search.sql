-- Search (issue 44): words in messages, notes and ticket subjects by full-text search with English
-- stemming; customers' names and e-mail addresses by trigrams too, so a misspelled name is found.

-- pg_trgm is a trusted extension (PostgreSQL 13+); the embedded database loads it at start.
create extension if not exists pg_trgm;

-- A message's words, stored: a search ranks its matches and, for a word in a large part of the
-- messages, reads back from the newest until enough match; recomputing each vector there cost
-- 20 µs a message, a second for a common word. Notes and ticket subjects are few: their indexes
-- are on the expression, which the search repeats word for word.
alter table messages
  add column search_vector tsvector generated always as (to_tsvector('english', content)) stored;
create index messages_search_idx on messages using gin (search_vector);
-- The newest messages of a workspace first (see above); the planner picks between this and the
-- words' index by the index's statistics.
create index messages_workspace_timestamp_idx on messages (workspace_id, "timestamp" desc);
create index conversation_notes_search_idx
  on conversation_notes using gin (to_tsvector('english', content));
create index tickets_search_idx
  on tickets using gin (to_tsvector('english', coalesce(subject, '')));
-- Customers by name or e-mail address, each word on its own, spelled right or nearly: trigram
-- similarity on each field (whole names would make a two-word query unlike every name), and
-- the Customers list's "contains" filter.
create index customers_first_name_trgm_idx on customers using gin (lower(first_name) gin_trgm_ops);
create index customers_last_name_trgm_idx on customers using gin (lower(last_name) gin_trgm_ops);
create index customers_email_trgm_idx
  on customers using gin (lower(coalesce(email, '')) gin_trgm_ops);

-- The Customers page: when a customer was last seen (their last message, or their arrival), kept
-- by the database as conversations change so no write path has to remember it. To the minute:
-- a customer's row is written at most once a minute of their messages, so a message to a
-- conversation under way does not wait on the customer's row while something else holds it.
alter table customers add column last_seen_at timestamptz(3);
update customers c set last_seen_at = greatest(
  c.created_at,
  (select max(v.last_customer_message_at) from conversations v where v.customer_id = c.id)
);
alter table customers alter column last_seen_at set not null;
alter table customers alter column last_seen_at set default now();

create function customers_seen() returns trigger language plpgsql as $$
begin
  update customers set last_seen_at = new.last_customer_message_at
  where id = new.customer_id
    and last_seen_at < new.last_customer_message_at - interval '1 minute';
  return null;
end;
$$;

create trigger conversations_customer_seen
  after insert or update of last_customer_message_at on conversations
  for each row when (new.last_customer_message_at is not null)
  execute function customers_seen();

-- Erasing a customer (a data-erasure request) keeps their row, emptied of everything personal,
-- so the conversations and tickets that count in the statistics keep pointing somewhere.
alter table customers add column erased_at timestamptz(3);

-- The pages of the list, by last seen or by name, each read along an index.
create index customers_last_seen_idx on customers (workspace_id, last_seen_at desc, id);
create index customers_name_idx on customers (workspace_id, first_name, last_name, id);

-- Who erased whom and when: the audit list of erasures. The customer's name is not kept (it was
-- erased); the id ties the entry to the tickets and statistics that remain.
create table customer_erasures (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  customer_id text not null,
  erased_by text not null,
  erased_at timestamptz(3) not null default now(),
  messages_count integer not null,
  files_count integer not null
);

create index customer_erasures_workspace_idx
  on customer_erasures (workspace_id, erased_at desc, id);
