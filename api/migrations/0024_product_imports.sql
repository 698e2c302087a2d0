-- A products import writes its rows in chunks, each a short transaction, so that other
-- workspaces' requests get the database between them; the embedded database has one connection,
-- and 10,000 rows written in one transaction held it for 2-3 s.

-- The workspace's import under way: one at a time per workspace, whichever API instance runs it.
-- Every chunk renews the lease; an import whose lease has run out is taken to have died with its
-- process, and the next import of the workspace puts back what it wrote before starting.
create table product_imports (
  workspace_id text primary key references workspaces (id) on delete cascade,
  id text collate "C" not null unique,
  user_id text not null,
  started_at timestamptz(3) not null default now(),
  lease_until timestamptz(3) not null,
  -- Set once the import is being put back (it failed, or it was taken over as dead): it writes
  -- nothing more, whatever its process still tries.
  undoing boolean not null default false
);

-- What each chunk of an import changed, to put back if the import does not finish: the product
-- as it was before the chunk wrote it, or null for a SKU the chunk added. Deleted with its import
-- (by the import's last step, or once put back); no foreign key, whose check per row cost as much
-- as the row on the embedded database.
create table product_import_undo (
  import_id text collate "C" not null,
  chunk integer not null,
  sku text not null,
  product jsonb,
  primary key (import_id, sku)
);
create index product_import_undo_chunk_idx on product_import_undo (import_id, chunk);
