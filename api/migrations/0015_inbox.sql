-- The agents' inbox (issue 18): assignment, the agent's "seen", the customer's rating of a
-- resolved conversation and the workspace's rating figures, canned responses, private notes.

alter table conversations
  -- The member answering it; unassigned when null (and when their account is deleted).
  add column assignee_id text references users (id) on delete set null,
  -- When an agent last read it: the widget shows "Seen" under earlier customer messages.
  add column agent_last_seen_at timestamptz(3),
  -- The customer's rating, given once after the conversation was resolved.
  add column rating smallint check (rating between 1 and 5),
  add column rating_comment text,
  add column rated_at timestamptz(3),
  add constraint conversations_rating_complete
    check ((rating is null) = (rated_at is null));

-- The takeover list filtered by assignee (mine, unassigned), in its usual order.
create index conversations_assignee_list_idx
  on conversations (workspace_id, assignee_id, (status = 'pending') desc, updated_at desc, id);

-- Kept exact with the ratings, in the rating's transaction (the average is sum / count).
alter table statistics
  add column ratings_count integer not null default 0,
  add column ratings_sum integer not null default 0;

create table canned_responses (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  -- Lower-cased by the api; unique per workspace (what the agent types after "/").
  shortcut text collate "C" not null,
  content text not null,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now(),
  constraint canned_responses_shortcut_key unique (workspace_id, shortcut)
);

-- Members' private notes on a conversation: a table of their own, so that nothing the
-- customer reads (the messages, their count, the last message) can carry one.
create table conversation_notes (
  id text collate "C" primary key,
  conversation_id text not null references conversations (id) on delete cascade,
  workspace_id text not null references workspaces (id) on delete cascade,
  -- The member's user id (kept as written, like a message's sender_id).
  author_id text not null,
  content text not null,
  "timestamp" timestamptz(3) not null default clock_timestamp()
);

create index conversation_notes_conversation_idx
  on conversation_notes (conversation_id, "timestamp", id);
