-- A workspace's counters are spread over up to 16 rows, summed by the `statistics` view.
--
-- Every ticket, conversation, product and Q&A write changes its workspace's counters in its own
-- transaction. On one row, each such write held the row's lock until its commit was on disk, so
-- a workspace's writes were committed one at a time. A write now changes the row of the database
-- connection it runs on (shard = pg_backend_pid() % 16, made on first use): writes on different
-- connections no longer wait for each other, and every statement of one transaction changes the
-- same row, so two transactions cannot deadlock over two of them. Shard 0 is made with the
-- workspace; a recount sets shard 0 to the figure and the others to zero.
alter table statistics rename to statistics_shards;
alter table statistics_shards add column shard smallint not null default 0
  check (shard >= 0 and shard < 16);
alter table statistics_shards drop constraint statistics_pkey;
alter table statistics_shards add primary key (workspace_id, shard);

create view statistics as
select
  workspace_id,
  sum(tickets_open)::int as tickets_open,
  sum(tickets_closed)::int as tickets_closed,
  sum(products_all)::int as products_all,
  sum(products_active)::int as products_active,
  sum(products_disabled)::int as products_disabled,
  sum(products_processing)::int as products_processing,
  sum(conversations_all)::int as conversations_all,
  sum(conversations_resolved)::int as conversations_resolved,
  sum(conversations_pending)::int as conversations_pending,
  sum(conversations_bot_answered)::int as conversations_bot_answered,
  sum(ai_training_qnas_count)::int as ai_training_qnas_count,
  sum(ratings_count)::int as ratings_count,
  sum(ratings_sum)::int as ratings_sum,
  max(updated_at) as updated_at
from statistics_shards
group by workspace_id;
