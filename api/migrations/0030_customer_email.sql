-- A workspace's customer by e-mail address, in any case, the first one when several: every
-- received mail looks its sender up (and identity verification its user), which without this
-- read every customer of the workspace.
create index customers_email_idx on customers (workspace_id, lower(email), created_at, id)
  where erased_at is null;
