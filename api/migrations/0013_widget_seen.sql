-- Where a workspace's widget was last seen (the Integrations screen: "Seen on https://shop.example
-- 2 minutes ago"): one row per page origin, the latest few kept. Written when a visitor session
-- starts, at most once a minute per workspace and origin.
create table widget_installs (
  workspace_id text not null references workspaces (id) on delete cascade,
  origin text not null,
  seen_at timestamptz(3) not null,
  primary key (workspace_id, origin)
);

-- The screen reads a workspace's latest origins first.
create index widget_installs_latest_idx on widget_installs (workspace_id, seen_at desc);
