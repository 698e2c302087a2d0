-- The bot asks instead of guessing, and learns from the questions it handed over (issue 15).

-- A bot message that asked "Did you mean…": the pairs it offered ([{pairId, question}]), and what
-- the customer chose: a pair's id, or 'none' ("None of these"); null while nothing was chosen.
alter table messages
  add column suggestions jsonb,
  add column suggestion_choice text;

-- When the customer first took an answer of the bot's training in the conversation (an answer,
-- or a suggestion they chose): the dashboard counts the conversation as answered by the bot.
alter table conversations add column bot_answered_at timestamptz(3);

-- Kept exact with bot_answered_at, in the transaction that sets it.
alter table statistics add column conversations_bot_answered integer not null default 0;

-- Customer questions the bot handed over because it was not sure (or the customer chose "None
-- of these"): AI training groups them by meaning, to be answered with new pairs.
create table unanswered_questions (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  conversation_id text not null references conversations (id) on delete cascade,
  -- The customer's message.
  message_id text not null references messages (id) on delete cascade,
  question text not null,
  asked_at timestamptz(3) not null,
  -- Set when a member dismissed it: no longer listed.
  dismissed_at timestamptz(3)
);

create index unanswered_questions_workspace_idx
  on unanswered_questions (workspace_id, asked_at desc, id) where dismissed_at is null;
