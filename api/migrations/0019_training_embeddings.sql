-- The bot's sentence encoder reads each training text once (issue 39): the vector of every pair's
-- question and answer, product and page passage is kept here, under the model that made it, and
-- loaded when the bot builds a workspace's index. A text is known by the sha256 of its words, so
-- an edited pair is embedded again and an unchanged one never is; a new model (another `model`)
-- re-embeds in the background while the vectors of the old one still answer.
create table training_embeddings (
  workspace_id text not null references workspaces (id) on delete cascade,
  model text collate "C" not null,
  text_hash text collate "C" not null,
  -- float32, little-endian, at unit length.
  vector bytea not null,
  created_at timestamptz(3) not null default now(),
  primary key (workspace_id, model, text_hash)
);
