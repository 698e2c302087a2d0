import { sql, type Kysely } from 'kysely';
import type { ConversationFigures, Report, ReportAgent, ReportDay } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { conversationFacts, firstResponseSeconds, resolutionSeconds } from './conversation-facts';
import type { ReportRange } from './report-range';

/** Rated conversations whose comments the report shows, newest first. */
const latestCommentsShown = 5;

interface FiguresRow {
  periods: Record<'current' | 'previous', ConversationFigures>;
  days: ReportDay[];
  channels: Report['channels'];
  agents: ReportAgent[];
  heat: [weekday: number, hour: number, count: number][];
  comments: Report['latestComments'];
}

/**
 * The figures of one period (`current` or `previous`) over the rows of `f`, in one pass; the
 * median and the 90th percentile of a duration from one sort (an array of fractions).
 */
function periodFigures(period: 'current' | 'previous') {
  const p = sql.lit(period);
  return sql`
    select ${p} as period,
      count(*) filter (where f.created_in = ${p}) as new,
      count(*) filter (where f.resolved_in = ${p}) as resolved,
      count(*) filter (where f.resolved_in = ${p} and f.first_agent_at is null) as resolved_by_bot,
      count(*) filter (where f.created_in = ${p} and f.handed_over) as handed_over,
      count(*) filter (where f.created_in = ${p} and f.did_you_mean) as did_you_mean,
      count(f.first_response_s) filter (where f.created_in = ${p}) as fr_count,
      percentile_cont(array[0.5, 0.9]) within group (order by f.first_response_s)
        filter (where f.created_in = ${p}) as fr,
      count(f.resolution_s) filter (where f.resolved_in = ${p}) as res_count,
      percentile_cont(array[0.5, 0.9]) within group (order by f.resolution_s)
        filter (where f.resolved_in = ${p}) as res,
      count(*) filter (where f.rated_in = ${p}) as ratings_count,
      round(avg(f.rating) filter (where f.rated_in = ${p}), 2)::float8 as average_rating,
      array[
        count(*) filter (where f.rated_in = ${p} and f.rating = 1),
        count(*) filter (where f.rated_in = ${p} and f.rating = 2),
        count(*) filter (where f.rated_in = ${p} and f.rating = 3),
        count(*) filter (where f.rated_in = ${p} and f.rating = 4),
        count(*) filter (where f.rated_in = ${p} and f.rating = 5)
      ] as distribution,
      count(*) filter (where f.resolved_in = ${p} and f.rating is not null) as resolved_rated,
      count(*) filter (where f.created_in = ${p} and f.channel = 'widget') as widget_new,
      count(*) filter (where f.created_in = ${p} and f.channel = 'email') as email_new
    from f`;
}

/**
 * Every figure of a report in one statement, from the rows. Each event counts on the local day
 * of the workspace's zone it happened in: a day runs from its local midnight to the next (23 or
 * 25 hours on a daylight-saving change), which `day::timestamp at time zone zone` gives on
 * PostgreSQL and PGlite alike. Conversations are read once (`f`); the previous period's figures
 * come from the same read. Durations are rounded to the millisecond the rows keep.
 */
export async function reportFigures(
  db: Kysely<Database>,
  workspaceId: string,
  range: ReportRange,
): Promise<Omit<Report, 'from' | 'to' | 'previousFrom' | 'previousTo' | 'timeZone'>> {
  const zone = range.timeZone;
  // Stable expressions rather than a CTE's columns: the planner can range-scan indexes by them.
  const prevStart = sql`(${range.previousFrom}::date::timestamp at time zone ${zone})`;
  const start = sql`(${range.from}::date::timestamp at time zone ${zone})`;
  const finish = sql`((${range.to}::date + 1)::timestamp at time zone ${zone})`;
  // Created, resolved or rated in either period: one range of an index (migration 0028). What
  // happened after `finish` counts in no period below.
  const facts = conversationFacts(sql`c.workspace_id = ${workspaceId}
    and greatest(c.created_at, c.resolved_at, c.rated_at) >= ${prevStart}
    and c.created_at < ${finish}`);
  const result = await sql<FiguresRow>`
    with b as (
      select ${prevStart} as prev_start, ${start} as start, ${finish} as finish
    ),
    -- Once: each column of a fact is read several times below.
    f as materialized (
      select f.id, f.created_at, f.channel, f.agent_ids, f.assignee_id, f.first_agent_id,
        f.first_agent_at, f.rating, f.rating_comment, f.rated_at, f.resolved_at, f.handed_over,
        f.did_you_mean,
        case when f.created_at >= b.start then 'current'
          when f.created_at >= b.prev_start then 'previous' end as created_in,
        case when f.resolved_at >= b.start and f.resolved_at < b.finish then 'current'
          when f.resolved_at >= b.prev_start and f.resolved_at < b.start then 'previous'
          end as resolved_in,
        case when f.rated_at >= b.start and f.rated_at < b.finish then 'current'
          when f.rated_at >= b.prev_start and f.rated_at < b.start then 'previous' end as rated_in,
        ${firstResponseSeconds} as first_response_s,
        ${resolutionSeconds} as resolution_s
      from (${facts}) f cross join b
    ),
    t as materialized (
      select tk.created_at, tk.closed_at,
        case when tk.created_at >= b.start then 'current'
          when tk.created_at >= b.prev_start then 'previous' end as opened_in,
        case when tk.closed_at >= b.start and tk.closed_at < b.finish then 'current'
          when tk.closed_at >= b.prev_start and tk.closed_at < b.start then 'previous'
          end as closed_in
      from tickets tk cross join b
      where tk.workspace_id = ${workspaceId} and tk.created_at < ${finish}
        and (tk.closed_at is null or tk.closed_at >= ${prevStart})
    ),
    -- Each period in one pass over the rows, its figures as filters (no join, no sort by period).
    periods as (${periodFigures('current')} union all ${periodFigures('previous')}),
    ticket_periods as (
      select 'current' as period, count(*) filter (where t.opened_in = 'current') as opened,
        count(*) filter (where t.closed_in = 'current') as closed
      from t
      union all
      select 'previous', count(*) filter (where t.opened_in = 'previous'),
        count(*) filter (where t.closed_in = 'previous')
      from t
    ),
    days as (
      select d::date as day
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
    ),
    created_days as (
      select (f.created_at at time zone ${zone})::date as day, count(*) as new,
        percentile_cont(0.5) within group (order by f.first_response_s) as fr_median
      from f where f.created_in = 'current' group by 1
    ),
    resolved_days as (
      select (f.resolved_at at time zone ${zone})::date as day, count(*) as resolved,
        count(*) filter (where f.first_agent_at is null) as resolved_by_bot,
        percentile_cont(0.5) within group (order by f.resolution_s) as res_median
      from f where f.resolved_in = 'current' group by 1
    ),
    opened_days as (
      select (t.created_at at time zone ${zone})::date as day, count(*) as opened
      from t where t.opened_in = 'current' group by 1
    ),
    closed_days as (
      select (t.closed_at at time zone ${zone})::date as day, count(*) as closed
      from t where t.closed_in = 'current' group by 1
    ),
    -- The open backlog at the end of each day: those open when the range starts, then each
    -- day's opened less its closed, added up (one pass, not a count of the tickets per day).
    backlog_days as (
      select d.day, (
          select count(*) from t cross join b
          where t.created_at < b.start and (t.closed_at is null or t.closed_at >= b.start)
        ) + sum(coalesce(od.opened, 0) - coalesce(xd.closed, 0)) over (order by d.day)
          as backlog
      from days d
      left join opened_days od on od.day = d.day
      left join closed_days xd on xd.day = d.day
    ),
    members as (
      select wu.user_id,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name
      from workspace_users wu join users u on u.id = wu.user_id
      where wu.workspace_id = ${workspaceId}
    ),
    -- Each agent's figures in one pass over f per kind, not one per agent.
    agent_taken as (
      select a.user_id, count(*) as taken
      from f cross join lateral (
        select distinct user_id from jsonb_array_elements_text(f.agent_ids) user_id
      ) a
      where f.created_in = 'current' group by 1
    ),
    agent_first as (
      select f.first_agent_id as user_id,
        percentile_cont(0.5) within group (order by f.first_response_s) as fr_median
      from f where f.created_in = 'current' and f.first_agent_id is not null group by 1
    ),
    agent_resolved as (
      select f.assignee_id as user_id,
        percentile_cont(0.5) within group (order by f.resolution_s) as res_median
      from f where f.resolved_in = 'current' and f.assignee_id is not null group by 1
    ),
    agent_rated as (
      select f.assignee_id as user_id, round(avg(f.rating), 2)::float8 as average_rating
      from f where f.rated_in = 'current' and f.assignee_id is not null group by 1
    )
    select
      (select json_object_agg(p.period, json_build_object(
          'new', p.new, 'resolved', p.resolved,
          'resolvedByBot', p.resolved_by_bot, 'handedOver', p.handed_over,
          'didYouMeanAnswered', p.did_you_mean,
          'firstResponse', json_build_object(
            'count', p.fr_count, 'medianSeconds', round(p.fr[1]::numeric, 3)::float8, 'p90Seconds', round(p.fr[2]::numeric, 3)::float8),
          'resolution', json_build_object(
            'count', p.res_count, 'medianSeconds', round(p.res[1]::numeric, 3)::float8, 'p90Seconds', round(p.res[2]::numeric, 3)::float8),
          'ratingsCount', p.ratings_count, 'averageRating', p.average_rating,
          'ratingDistribution', to_json(p.distribution),
          'ratedShare', p.resolved_rated::float8 / nullif(p.resolved, 0),
          'ticketsOpened', tp.opened, 'ticketsClosed', tp.closed))
        from periods p join ticket_periods tp using (period)) as periods,
      (select json_agg(json_build_object(
          'day', to_char(d.day, 'YYYY-MM-DD'),
          'new', coalesce(cd.new, 0), 'resolved', coalesce(rd.resolved, 0),
          'resolvedByBot', coalesce(rd.resolved_by_bot, 0),
          'firstResponseMedianSeconds', round(cd.fr_median::numeric, 3)::float8,
          'resolutionMedianSeconds', round(rd.res_median::numeric, 3)::float8,
          'ticketsOpened', coalesce(od.opened, 0), 'ticketsClosed', coalesce(xd.closed, 0),
          'ticketsBacklog', bd.backlog)
          order by d.day)
        from days d
        join backlog_days bd on bd.day = d.day
        left join created_days cd on cd.day = d.day
        left join resolved_days rd on rd.day = d.day
        left join opened_days od on od.day = d.day
        left join closed_days xd on xd.day = d.day) as days,
      (select json_agg(json_build_object('channel', ch.channel, 'new', ch.new,
          'previousNew', ch.previous_new) order by ch.position)
        from periods cur join periods prev on prev.period = 'previous'
        cross join lateral (values (1, 'widget', cur.widget_new, prev.widget_new),
          (2, 'email', cur.email_new, prev.email_new)) ch (position, channel, new, previous_new)
        where cur.period = 'current') as channels,
      (select coalesce(json_agg(json_build_object(
          'userId', m.user_id, 'name', m.name,
          'taken', coalesce(ak.taken, 0),
          'replies', (select count(*) from messages msg
            where msg.workspace_id = ${workspaceId} and msg.role = 'agent'
              and msg.sender_id = m.user_id
              and msg.timestamp >= ${start} and msg.timestamp < ${finish}),
          'firstResponseMedianSeconds', round(af.fr_median::numeric, 3)::float8,
          'resolutionMedianSeconds', round(ar.res_median::numeric, 3)::float8,
          'averageRating', rt.average_rating)
          order by m.name, m.user_id), '[]')
        from members m
        left join agent_taken ak on ak.user_id = m.user_id
        left join agent_first af on af.user_id = m.user_id
        left join agent_resolved ar on ar.user_id = m.user_id
        left join agent_rated rt on rt.user_id = m.user_id) as agents,
      (select coalesce(json_agg(json_build_array(h.weekday, h.hour, h.count)), '[]') from (
          select extract(isodow from f.created_at at time zone ${zone})::int as weekday,
            extract(hour from f.created_at at time zone ${zone})::int as hour, count(*) as count
          from f where f.created_in = 'current' group by 1, 2) h) as heat,
      (select coalesce(json_agg(json_build_object(
          'conversationId', r.id, 'rating', r.rating, 'comment', r.rating_comment,
          'ratedAt', to_char(r.rated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by r.rated_at desc, r.id), '[]')
        from (select * from f
          where f.rated_in = 'current' and coalesce(f.rating_comment, '') <> ''
          order by f.rated_at desc, f.id limit ${latestCommentsShown}) r) as comments
  `.execute(db);
  const row = result.rows[0]!;
  const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [weekday, hour, count] of row.heat) heatMap[weekday - 1]![hour] = count;
  return {
    current: row.periods.current,
    previous: row.periods.previous,
    days: row.days,
    channels: row.channels,
    agents: row.agents,
    heatMap,
    latestComments: row.comments,
  };
}
