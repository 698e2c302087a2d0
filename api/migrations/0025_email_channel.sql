-- E-mail as a channel (issue 42): customers write to the workspace's own address, which the
-- business forwards its support mailbox to, and agents answer from the inbox by e-mail.

-- Where a conversation came in: the widget's chat, or e-mail. The inbox shows both together.
alter table conversations
  add column channel text not null default 'widget' check (channel in ('widget', 'email'));

-- What an e-mail message carries beside its text (sender, subject, the sanitized HTML, the
-- sender's authentication, and for the agents' replies whether it was sent): read by the inbox
-- with the message itself, so the live `messages` collection needs no second query.
alter table messages add column email jsonb;

-- A workspace's inbound address <inbox_key>@INBOUND_MAIL_DOMAIN, made the first time an admin
-- opens Settings › E-mail; `secret` signs the mails a mail host posts over HTTP.
create table email_inboxes (
  workspace_id text collate "C" primary key references workspaces (id) on delete cascade,
  inbox_key text collate "C" not null unique,
  secret text not null,
  sender_name text,
  sender_address text,
  signature text not null default '',
  bot_answers_first boolean not null default false,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

-- Every mail of a conversation by its Message-ID, received and sent: replies find their thread
-- by In-Reply-To and References, a sender's retry of a mail already stored is found and adds
-- nothing, and a bounce finds the reply it returns.
create table email_message_ids (
  workspace_id text collate "C" not null references workspaces (id) on delete cascade,
  rfc_message_id text not null,
  message_id text collate "C" not null references messages (id) on delete cascade,
  conversation_id text collate "C" not null references conversations (id) on delete cascade,
  direction text not null check (direction in ('in', 'out')),
  -- The sender's address (lower case) and the subject without Re:/Fwd:, for the mails whose
  -- client dropped the threading headers: same sender and subject within 7 days.
  from_address text not null,
  subject_key text not null,
  created_at timestamptz(3) not null default now(),
  primary key (workspace_id, rfc_message_id)
);

create index email_message_ids_thread_idx
  on email_message_ids (workspace_id, from_address, subject_key, created_at desc);
create index email_message_ids_message_id_idx on email_message_ids (message_id);
