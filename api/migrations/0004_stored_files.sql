-- Files uploaded to storage (product-spec.md §3 "Stored file path shapes", §5, §7 "File uploads"). The bytes
-- live on disk under STORAGE_DIR at `path`, which ends with the stored name: the original name
-- made safe plus a random suffix. The original name is kept here as metadata (product-spec.md §5).

create table stored_files (
  -- e.g. images/users/<userId>/photo-<suffix>.png; unique because of the random suffix.
  path text primary key,
  kind text not null check (kind in ('image', 'attachment')),
  -- Who uploaded it; the file stays when the account goes.
  owner_user_id text references users (id) on delete set null,
  -- The workspace the path belongs to; null for a user's own photo. Its files' records go with
  -- the workspace, so they are no longer served.
  workspace_id text references workspaces (id) on delete cascade,
  original_name text not null,
  -- What it is served as: image/png etc. for images, application/octet-stream for any
  -- attachment that is not a safe raster image.
  content_type text not null,
  size integer not null check (size >= 0),
  -- Pixel size of a stored image; null for attachments.
  width integer,
  height integer,
  created_at timestamptz not null default now()
);

create index stored_files_workspace_id_idx on stored_files (workspace_id);
create index stored_files_owner_user_id_idx on stored_files (owner_user_id);
