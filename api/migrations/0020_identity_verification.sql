-- Verified customer identity (issue 41): the business's server signs its user's id with the
-- workspace's identity secret; a visitor whose identify carries a good signature becomes the
-- workspace's customer with that user id, on every browser and device.

-- The workspace's identity secret. The previous one is still accepted until
-- previous_secret_expires_at (24 hours after a rotation), so a business can roll its servers
-- over. Never answered to anyone but the admin who created or rotated it, in that answer.
create table identity_verification (
  workspace_id text collate "C" primary key references workspaces (id) on delete cascade,
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz(3),
  -- "Require verified identity": an unsigned or failing identify is refused, not saved.
  required boolean not null default false,
  created_at timestamptz(3) not null default now(),
  rotated_at timestamptz(3)
);

-- The business's own id of a verified customer: one customer per user id and workspace.
alter table customers add column user_id text;
create unique index customers_workspace_id_user_id_idx on customers (workspace_id, user_id)
  where user_id is not null;

-- The widget's visitor tokens (sha256), each reaching one customer: a verified customer has one
-- per browser or device, and Parley.logout() deletes its browser's. customers.visitor_token_hash
-- stays the digest of the token that made the customer; it no longer grants anything.
create table visitor_tokens (
  token_hash text collate "C" primary key,
  customer_id text collate "C" not null references customers (id) on delete cascade,
  created_at timestamptz(3) not null default now()
);
create index visitor_tokens_customer_id_idx on visitor_tokens (customer_id);

insert into visitor_tokens (token_hash, customer_id, created_at)
  select visitor_token_hash, id, created_at from customers;
