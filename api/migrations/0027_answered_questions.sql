-- What agents answered in the conversations they resolved: the customer's question and the
-- agent's answer, one per conversation. AI training groups them by meaning and proposes each
-- group as a new Q&A pair, which an admin accepts (a pair at once), edits or dismisses.
create table answered_questions (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  conversation_id text not null unique references conversations (id) on delete cascade,
  question text not null,
  answer text not null,
  answered_at timestamptz(3) not null,
  -- Once reviewed (accepted as a pair, or dismissed) it is never proposed again, and a group it
  -- belongs to is not either: a dismissed suggestion does not come back in other words.
  review text check (review in ('accepted', 'dismissed')),
  reviewed_at timestamptz(3)
);

create index answered_questions_workspace_idx
  on answered_questions (workspace_id, answered_at desc, id);
