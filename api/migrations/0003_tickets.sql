-- product-spec.md §3 tickets: internal ones (subject, recipient) and external ones, linked to a conversation.
-- Every write also changes the workspace's statistics row (tickets open / closed) in the same
-- transaction (api/src/repositories/tickets.ts); `npm run check:statistics` recounts them.

create table tickets (
  -- Byte order ("C"): the live queries' tie-breaker sorts ids the way clients compare strings,
  -- and the list indexes below still serve it.
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  type text not null check (type in ('internal', 'external')),
  -- No foreign key: a ticket keeps its assignee's id when the account goes (as workspaces keep
  -- owned_by), and nothing changes a ticket without the api publishing the change.
  assignee_id text,
  status text not null default 'open' check (status in ('open', 'closed')),
  is_followed_up boolean not null default false,
  -- Internal tickets only.
  subject text,
  -- The shape is the client's (product-spec.md §3 does not show it): any JSON value.
  recipient_info jsonb,
  -- External tickets only. No foreign key yet: conversations arrive with their own migration.
  conversation_id text,
  -- Millisecond precision, as the documents carry them (ISO strings): a cursor holding a
  -- document's createdAt then finds exactly that row.
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now(),
  -- Each kind keeps to its own fields (product-spec.md §3). Either may lack them: the client falls back to
  -- 'Ticket {id}' / 'Conversation {id}' and 'Anonymous User'.
  constraint tickets_kind_fields check (
    (type = 'internal' and conversation_id is null)
    or (type = 'external' and subject is null and recipient_info is null)
  )
);

-- The tickets list (product-spec.md §4): followed-up first, newest first, id as the tie-breaker; with and
-- without a status filter.
create index tickets_list_idx
  on tickets (workspace_id, is_followed_up desc, created_at desc, id);
create index tickets_status_list_idx
  on tickets (workspace_id, status, is_followed_up desc, created_at desc, id);

-- An external ticket is found from its conversation.
create index tickets_conversation_id_idx on tickets (conversation_id) where conversation_id is not null;
