-- product-spec.md §3 customers, conversations (under a chatbot), messages, and the bot's Q&A training with
-- its topics. Every write goes through the repositories, which keep the workspace's statistics
-- (conversations all / resolved / pending, Q&A count) exact in the same transaction.

create table customers (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  email text,
  order_id text,
  photo_url text,
  -- The chatbot whose widget the visitor last opened: their next conversation goes to it (the
  -- workspace's first chatbot when it is gone).
  chatbot_id text references chatbots (id) on delete set null,
  -- sha256 of the widget's visitor token (the token itself is only ever held by the visitor).
  visitor_token_hash text not null unique,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

create index customers_workspace_id_created_at_idx on customers (workspace_id, created_at);

create table conversations (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  chatbot_id text not null references chatbots (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  subject text,
  -- open: the bot, or an agent who took it over, answers; pending: waiting for a person.
  status text not null default 'open' check (status in ('open', 'pending', 'resolved')),
  -- [{status, changedAt, changedBy, reason}], appended to on every status change.
  status_history jsonb not null default '[]',
  -- User ids of the agents who took the conversation over; the bot is silent when any.
  agent_ids jsonb not null default '[]',
  -- {role, content, timestamp} of the latest message, for the takeover list.
  last_message jsonb,
  messages_count integer not null default 0 check (messages_count >= 0),
  -- user id -> how many messages that user has seen (product-spec.md §3 messagesSeenCount).
  messages_seen_count jsonb not null default '{}',
  -- The idle timeout counts from here (spec: the chatbot's idleTimeoutInMinutes).
  last_customer_message_at timestamptz(3),
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

-- The takeover list (product-spec.md §2): pending first, then by updatedAt descending, id as tie-breaker.
create index conversations_list_idx
  on conversations (workspace_id, (status = 'pending') desc, updated_at desc, id);
create index conversations_customer_id_idx on conversations (customer_id, created_at);
-- The idle-timeout scheduler looks at conversations not resolved.
create index conversations_idle_idx
  on conversations (last_customer_message_at) where status <> 'resolved';

create table messages (
  id text collate "C" primary key,
  conversation_id text not null references conversations (id) on delete cascade,
  workspace_id text not null references workspaces (id) on delete cascade,
  role text not null check (role in ('user', 'agent', 'bot')),
  sender_id text not null,
  content text not null,
  form jsonb,
  -- [{path, url, originalName, contentType, size}] of files in storage.
  attachments jsonb not null default '[]',
  -- clock_timestamp(): several messages of one transaction (the customer's and the bot's
  -- answer) keep their order.
  "timestamp" timestamptz(3) not null default clock_timestamp()
);

create index messages_conversation_id_timestamp_idx on messages (conversation_id, "timestamp", id);

-- External tickets now point at a conversation of their workspace.
alter table tickets
  add constraint tickets_conversation_id_fkey
  foreign key (conversation_id) references conversations (id) on delete set null;

create table ai_training_qnas (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  -- Topic names (product-spec.md §3: the name is the topic's id).
  topic_ids jsonb not null default '[]',
  question text not null,
  answer text not null,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

create index ai_training_qnas_workspace_id_created_at_idx
  on ai_training_qnas (workspace_id, created_at desc, id);

create table ai_training_qna_topics (
  workspace_id text not null references workspaces (id) on delete cascade,
  name text collate "C" not null,
  created_at timestamptz(3) not null default now(),
  last_used_at timestamptz(3) not null default now(),
  primary key (workspace_id, name)
);
