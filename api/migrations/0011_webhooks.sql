-- Outgoing webhooks: a workspace's receivers, and the log of what was sent to each. A delivery
-- is written in the transaction of the change it tells of (the outbox), with the background job
-- that sends it, so a change that committed is delivered even after a crash.
create table webhooks (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  url text not null,
  events jsonb not null,
  -- Kept as it is: the server signs every delivery with it. Shown to the admin once.
  secret text not null,
  paused boolean not null default false,
  paused_reason text,
  -- Deliveries in a row that failed every try; reaching the limit pauses the webhook.
  consecutive_failures integer not null default 0,
  last_delivery_status text check (last_delivery_status in ('delivered', 'failed')),
  last_delivery_at timestamptz(3),
  last_response_status integer,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

-- Every write of a workspace looks up its webhooks: one index probe, nothing when it has none.
create index webhooks_workspace_idx on webhooks (workspace_id, created_at);

create table webhook_deliveries (
  id text collate "C" primary key,
  workspace_id text not null references workspaces (id) on delete cascade,
  webhook_id text collate "C" not null references webhooks (id) on delete cascade,
  event text not null,
  -- The JSON body exactly as signed and sent: every try sends the same bytes.
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  -- [{number, at, status, responseStatus, error, durationMs, manual}], oldest first.
  attempts jsonb not null default '[]',
  attempt_count integer not null default 0,
  next_attempt_at timestamptz(3),
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

-- The log of one webhook (and of the workspace), newest first.
create index webhook_deliveries_list_idx on webhook_deliveries (webhook_id, created_at desc, id);
create index webhook_deliveries_workspace_idx
  on webhook_deliveries (workspace_id, created_at desc, id);
