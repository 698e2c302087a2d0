-- Background work (website discovery, page indexing): jobs kept in the database and claimed with
-- FOR UPDATE SKIP LOCKED, so each runs on one api instance even when several share PostgreSQL.
-- A claim is a lease: the instance running a job renews it; a job whose lease ran out (its
-- instance stopped) is claimed again and resumed, or failed with a reason after too many tries
-- (api/src/jobs/job-queue.ts).
create table jobs (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  kind text not null,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  payload jsonb not null default '{}',
  -- What the job has done so far, as the dashboard shows it (live collection `jobs`).
  progress jsonb not null default '{}',
  error text,
  attempts integer not null default 0,
  run_after timestamptz(3) not null default now(),
  -- The job ends (keeping what it found) at this time, whatever its attempts.
  deadline_at timestamptz(3),
  lease_owner text,
  lease_expires_at timestamptz(3),
  created_at timestamptz(3) not null default now(),
  started_at timestamptz(3),
  finished_at timestamptz(3),
  updated_at timestamptz(3) not null default now()
);

-- The claim: queued jobs due, and running jobs whose lease ran out.
create index jobs_claim_idx on jobs (run_after) where status = 'queued';
create index jobs_lease_idx on jobs (lease_expires_at) where status = 'running';
create index jobs_workspace_idx on jobs (workspace_id, created_at desc);

-- product-spec.md §3 ai_training_website: a site the bot learns from, and the links chosen on it.
create table ai_training_websites (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text collate "C" not null,
  base_url text not null,
  links jsonb not null default '[]',
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now(),
  primary key (workspace_id, id)
);

create index ai_training_websites_list_idx on ai_training_websites (workspace_id, created_at desc, id);

-- One chosen link of a website: its state, and once read, the passages the bot answers from.
-- Text stays while a re-sync reads the page again, so the bot keeps answering meanwhile.
create table ai_training_webpages (
  workspace_id text not null,
  website_id text collate "C" not null,
  url text not null,
  title text not null default '',
  state text not null default 'pending'
    check (state in ('pending', 'indexed', 'skipped', 'failed')),
  reason text,
  -- [{headings: string[], text}], in page order.
  passages jsonb,
  content_hash text,
  read_at timestamptz(3),
  changed_at timestamptz(3),
  primary key (workspace_id, website_id, url),
  foreign key (workspace_id, website_id)
    references ai_training_websites (workspace_id, id) on delete cascade
);

create index ai_training_webpages_pending_idx
  on ai_training_webpages (workspace_id, website_id) where state = 'pending';
