-- Reports (issue 43): figures per local day of the workspace, read from the rows. The indexes let
-- a report read one workspace's range of conversations, messages and tickets instead of all of
-- them; tickets remember when they were closed, which the open backlog of a past day needs.

-- Conversations created in a range use conversations_workspace_created_idx (0012).
-- A conversation resolved in a range was updated then or later (its resolution's changedAt).
create index conversations_workspace_updated_idx on conversations (workspace_id, updated_at);
-- Each agent's replies in a range. Led by the sender, so that it never looks like a way to read
-- one conversation's first agent reply (that is messages_conversation_id_timestamp_idx's).
create index messages_agent_replies_idx
  on messages (workspace_id, sender_id, "timestamp") where role = 'agent';
create index conversations_workspace_rated_idx
  on conversations (workspace_id, rated_at) where rated_at is not null;

alter table tickets add column closed_at timestamptz(3);
-- Tickets closed before this column: their last change is the best known closing time.
update tickets set closed_at = updated_at where status = 'closed';
create index tickets_workspace_created_idx on tickets (workspace_id, created_at);
