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

/** The two periods the report sets beside each other, as the prefixes of their columns. */
type Period = 'cur' | 'prev';

/**
 * One period's figures over the rows of `f`, as columns named after it: both periods come from
 * the same pass. Which period an event falls in is a boolean of `f` (no text compared per row);
 * the median and the 90th percentile of a duration come from one sort (an array of fractions).
 */
function periodFigures(p: Period) {
  const created = sql.ref(`f.created_${p}`);
  const resolved = sql.ref(`f.resolved_${p}`);
  const rated = sql.ref(`f.rated_${p}`);
  const column = (name: string) => sql.ref(`${p}_${name}`);
  return sql`
      count(*) filter (where ${created}) as ${column('new')},
      count(*) filter (where ${resolved}) as ${column('resolved')},
      count(*) filter (where ${resolved} and f.first_agent_at is null) as ${column('resolved_by_bot')},
      count(*) filter (where ${created} and f.handed_over) as ${column('handed_over')},
      count(*) filter (where ${created} and f.did_you_mean) as ${column('did_you_mean')},
      count(f.first_response_s) filter (where ${created}) as ${column('fr_count')},
      percentile_cont(array[0.5, 0.9]) within group (order by f.first_response_s)
        filter (where ${created}) as ${column('fr')},
      count(f.resolution_s) filter (where ${resolved}) as ${column('res_count')},
      percentile_cont(array[0.5, 0.9]) within group (order by f.resolution_s)
        filter (where ${resolved}) as ${column('res')},
      count(*) filter (where ${rated}) as ${column('ratings_count')},
      round(avg(f.rating) filter (where ${rated}), 2)::float8 as ${column('average_rating')},
      array[
        count(*) filter (where ${rated} and f.rating = 1),
        count(*) filter (where ${rated} and f.rating = 2),
        count(*) filter (where ${rated} and f.rating = 3),
        count(*) filter (where ${rated} and f.rating = 4),
        count(*) filter (where ${rated} and f.rating = 5)
      ] as ${column('distribution')},
      count(*) filter (where ${resolved} and f.rating is not null) as ${column('resolved_rated')},
      count(*) filter (where ${created} and f.channel = 'widget') as ${column('widget_new')},
      count(*) filter (where ${created} and f.channel = 'email') as ${column('email_new')}`;
}

/** One period's figures as the report's JSON, from `periods p` and `ticket_periods tp`. */
function periodJson(p: Period) {
  const column = (name: string) => sql.ref(`p.${p}_${name}`);
  const ticket = (name: string) => sql.ref(`tp.${p}_${name}`);
  return sql`json_build_object(
          'new', ${column('new')}, 'resolved', ${column('resolved')},
          'resolvedByBot', ${column('resolved_by_bot')}, 'handedOver', ${column('handed_over')},
          'didYouMeanAnswered', ${column('did_you_mean')},
          'firstResponse', json_build_object(
            'count', ${column('fr_count')},
            'medianSeconds', round(${column('fr')}[1]::numeric, 3)::float8,
            'p90Seconds', round(${column('fr')}[2]::numeric, 3)::float8),
          'resolution', json_build_object(
            'count', ${column('res_count')},
            'medianSeconds', round(${column('res')}[1]::numeric, 3)::float8,
            'p90Seconds', round(${column('res')}[2]::numeric, 3)::float8),
          'ratingsCount', ${column('ratings_count')}, 'averageRating', ${column('average_rating')},
          'ratingDistribution', to_json(${column('distribution')}),
          'ratedShare', ${column('resolved_rated')}::float8 / nullif(${column('resolved')}, 0),
          'ticketsOpened', ${ticket('opened')}, 'ticketsClosed', ${ticket('closed')})`;
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
    -- Once: each column of a fact is read several times below. The period each event falls in
    -- as booleans (null counts as false in a filter), and the local time of an event in the
    -- current period, its zone's conversion made once per row rather than once per use. The
    -- fixed-width columns first, the text last: each pass below reads a row's columns up to the
    -- last one it needs, and most passes need only those in front.
    f as materialized (
      select
        f.created_at >= b.start as created_cur,
        f.created_at < b.start and f.created_at >= b.prev_start as created_prev,
        f.resolved_at >= b.start and f.resolved_at < b.finish as resolved_cur,
        f.resolved_at >= b.prev_start and f.resolved_at < b.start as resolved_prev,
        f.rated_at >= b.start and f.rated_at < b.finish as rated_cur,
        f.rated_at >= b.prev_start and f.rated_at < b.start as rated_prev,
        f.handed_over, f.did_you_mean, f.rating, f.first_agent_at, f.rated_at,
        case when f.created_at >= b.start then f.created_at at time zone ${zone} end
          as created_local,
        case when f.resolved_at >= b.start and f.resolved_at < b.finish
          then (f.resolved_at at time zone ${zone})::date end as resolved_day,
        ${firstResponseSeconds} as first_response_s,
        ${resolutionSeconds} as resolution_s,
        f.channel, f.first_agent_id, f.assignee_id, f.agent_ids, f.id, f.rating_comment
      from (${facts}) f cross join b
    ),
    -- The current period's rows apart: the passes below that count only the current period
    -- read those, not the previous period's as well.
    fc as materialized (select * from f where f.created_cur or f.resolved_cur or f.rated_cur),
    t as materialized (
      select
        case when tk.created_at >= b.start then (tk.created_at at time zone ${zone})::date end
          as opened_day,
        case when tk.closed_at >= b.start and tk.closed_at < b.finish
          then (tk.closed_at at time zone ${zone})::date end as closed_day,
        tk.created_at >= b.start as opened_cur,
        tk.created_at < b.start and tk.created_at >= b.prev_start as opened_prev,
        tk.closed_at >= b.start and tk.closed_at < b.finish as closed_cur,
        tk.closed_at >= b.prev_start and tk.closed_at < b.start as closed_prev,
        tk.created_at < b.start and (tk.closed_at is null or tk.closed_at >= b.start)
          as open_at_start
      from tickets tk cross join b
      where tk.workspace_id = ${workspaceId} and tk.created_at < ${finish}
        and (tk.closed_at is null or tk.closed_at >= ${prevStart})
    ),
    -- Both periods in one pass over the rows, their figures as filters (no join, no sort).
    periods as (select ${periodFigures('cur')}, ${periodFigures('prev')} from f),
    ticket_periods as (
      select count(*) filter (where t.opened_cur) as cur_opened,
        count(*) filter (where t.closed_cur) as cur_closed,
        count(*) filter (where t.opened_prev) as prev_opened,
        count(*) filter (where t.closed_prev) as prev_closed,
        count(*) filter (where t.open_at_start) as open_at_start
      from t
    ),
    days as (
      select d::date as day
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
    ),
    created_days as (
      select f.created_local::date as day, count(*) as new,
        percentile_cont(0.5) within group (order by f.first_response_s) as fr_median
      from fc f where f.created_cur group by 1
    ),
    resolved_days as (
      select f.resolved_day as day, count(*) as resolved,
        count(*) filter (where f.first_agent_at is null) as resolved_by_bot,
        percentile_cont(0.5) within group (order by f.resolution_s) as res_median
      from fc f where f.resolved_cur group by 1
    ),
    opened_days as (
      select t.opened_day as day, count(*) as opened from t where t.opened_cur group by 1
    ),
    closed_days as (
      select t.closed_day as day, count(*) as closed from t where t.closed_cur group by 1
    ),
    -- Each day's tickets, with the open backlog at its end: those open when the range starts,
    -- then each day's opened less its closed, added up (one pass, not a count per day).
    ticket_days as (
      select d.day, coalesce(od.opened, 0) as opened, coalesce(xd.closed, 0) as closed,
        (select tp.open_at_start from ticket_periods tp)
          + sum(coalesce(od.opened, 0) - coalesce(xd.closed, 0)) over (order by d.day)
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
    -- Conversations share a few lists of agents: each list is read as its agents once, not
    -- once per conversation.
    agent_taken as (
      select a.user_id, sum(l.conversations)::int8 as taken
      from (
        select f.agent_ids, count(*) as conversations from fc f where f.created_cur group by 1
      ) l cross join lateral (
        select distinct user_id from jsonb_array_elements_text(l.agent_ids) user_id
      ) a
      group by 1
    ),
    agent_first as (
      select f.first_agent_id as user_id,
        percentile_cont(0.5) within group (order by f.first_response_s) as fr_median
      from fc f where f.created_cur and f.first_agent_id is not null group by 1
    ),
    -- Resolved and rated both count for the assignee: one pass for both.
    agent_assigned as (
      select f.assignee_id as user_id,
        percentile_cont(0.5) within group (order by f.resolution_s)
          filter (where f.resolved_cur) as res_median,
        round(avg(f.rating) filter (where f.rated_cur), 2)::float8 as average_rating
      from fc f where (f.resolved_cur or f.rated_cur) and f.assignee_id is not null group by 1
    )
    select
      (select json_build_object('current', ${periodJson('cur')},
          'previous', ${periodJson('prev')})
        from periods p cross join ticket_periods tp) as periods,
      (select json_agg(json_build_object(
          'day', to_char(td.day, 'YYYY-MM-DD'),
          'new', coalesce(cd.new, 0), 'resolved', coalesce(rd.resolved, 0),
          'resolvedByBot', coalesce(rd.resolved_by_bot, 0),
          'firstResponseMedianSeconds', round(cd.fr_median::numeric, 3)::float8,
          'resolutionMedianSeconds', round(rd.res_median::numeric, 3)::float8,
          'ticketsOpened', td.opened, 'ticketsClosed', td.closed, 'ticketsBacklog', td.backlog)
          order by td.day)
        from ticket_days td
        left join created_days cd on cd.day = td.day
        left join resolved_days rd on rd.day = td.day) as days,
      (select json_build_array(
          json_build_object('channel', 'widget', 'new', p.cur_widget_new,
            'previousNew', p.prev_widget_new),
          json_build_object('channel', 'email', 'new', p.cur_email_new,
            'previousNew', p.prev_email_new))
        from periods p) as channels,
      (select coalesce(json_agg(json_build_object(
          'userId', m.user_id, 'name', m.name,
          'taken', coalesce(ak.taken, 0),
          'replies', (select count(*) from messages msg
            where msg.workspace_id = ${workspaceId} and msg.role = 'agent'
              and msg.sender_id = m.user_id
              and msg.timestamp >= ${start} and msg.timestamp < ${finish}),
          'firstResponseMedianSeconds', round(af.fr_median::numeric, 3)::float8,
          'resolutionMedianSeconds', round(aa.res_median::numeric, 3)::float8,
          'averageRating', aa.average_rating)
          order by m.name, m.user_id), '[]')
        from members m
        left join agent_taken ak on ak.user_id = m.user_id
        left join agent_first af on af.user_id = m.user_id
        left join agent_assigned aa on aa.user_id = m.user_id) as agents,
      (select coalesce(json_agg(json_build_array(h.weekday, h.hour, h.count)), '[]') from (
          -- date_part, not extract(): float8 directly, not numeric (see conversation-facts.ts).
          select date_part('isodow', f.created_local)::int as weekday,
            date_part('hour', f.created_local)::int as hour, count(*) as count
          from fc f where f.created_cur group by 1, 2) h) as heat,
      (select coalesce(json_agg(json_build_object(
          'conversationId', r.id, 'rating', r.rating, 'comment', r.rating_comment,
          'ratedAt', to_char(r.rated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by r.rated_at desc, r.id), '[]')
        from (select * from fc f
          where f.rated_cur and coalesce(f.rating_comment, '') <> ''
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
