-- A workspace's plan (one of shared-sdk/src/plans.ts) and billing period, and every change of
-- them. Plan ids are checked by the API against that one list, so a new plan needs no migration.
-- Every workspace has its row: those that exist now start on free from when they were created,
-- new ones get theirs with the workspace (api/src/services/workspace-setup.ts).
create table workspace_plans (
  workspace_id text primary key references workspaces (id) on delete cascade,
  plan text not null default 'free',
  period text not null default 'monthly' check (period in ('monthly', 'yearly')),
  since timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

insert into workspace_plans (workspace_id, since) select id, created_at from workspaces;

-- The billing history: a row for each change, written in the change's transaction.
create table billing_changes (
  id text collate "C" primary key,
  -- Insertion order: changes of one workspace are serialized (its workspace_plans row is locked),
  -- so this orders them even when two fall in the same millisecond.
  seq bigint generated always as identity,
  workspace_id text not null references workspaces (id) on delete cascade,
  from_plan text not null,
  from_period text not null check (from_period in ('monthly', 'yearly')),
  to_plan text not null,
  to_period text not null check (to_period in ('monthly', 'yearly')),
  -- The history outlives the admin's account.
  changed_by text references users (id) on delete set null,
  provider text not null,
  provider_reference text not null,
  changed_at timestamptz(3) not null default now()
);

create index billing_changes_workspace_idx on billing_changes (workspace_id, seq desc);

-- A plan's monthly conversations are counted by the month they were opened in.
create index conversations_workspace_created_idx on conversations (workspace_id, created_at);
