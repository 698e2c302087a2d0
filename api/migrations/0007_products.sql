-- product-spec.md §3 product, and the currency its prices are in: the workspace's (an ISO 4217 code).
-- Every product write also changes the workspace's statistics row (products all / active /
-- disabled / processing) in the same transaction (api/src/repositories/products.ts);
-- `npm run check:statistics` recounts them.

alter table workspaces
  add column currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$');

create table products (
  workspace_id text not null references workspaces (id) on delete cascade,
  -- Named by the client (product-spec.md §7), so a retried create finds the product it made; unique within
  -- the workspace only, so one workspace's ids never collide with another's. Byte order ("C") as
  -- the live queries' tie-breaker compares ids.
  id text collate "C" not null,
  sku text not null,
  name text not null,
  description text not null default '',
  status text not null default 'active' check (status in ('active', 'disabled', 'processing')),
  -- Minor units (cents) of the workspace's currency: exact, never a float.
  price_minor bigint not null check (price_minor >= 0),
  stock integer not null check (stock >= 0),
  photo_url text,
  sales_pitch text,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now(),
  primary key (workspace_id, id),
  constraint products_sku_unique unique (workspace_id, sku)
);

-- The products list: newest first, with and without a status tab; by name.
create index products_list_idx on products (workspace_id, created_at desc, id);
create index products_status_list_idx on products (workspace_id, status, created_at desc, id);
create index products_name_idx on products (workspace_id, name, id);
