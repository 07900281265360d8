import {
  ALL_SALESPEOPLE,
  OpportunityStage,
  prospectStages,
  trendPeriods,
  type DashboardDrillPage,
  type DashboardFilter,
  type DashboardSlice,
  type DashboardTotal,
  type OpportunityDashboard,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'
import { dayOf, toOpportunityRow, visibleOpportunities, type Row } from './opportunity-rows'

/**
 * The opportunities behind the dashboard (alias `o` on opportunity_dashboard): the division, the salesperson
 * (or all), the close day in the range, and what the viewer sees. The totals and every drill-down share it, so a
 * number and the list behind it always agree.
 */
function inScope(viewer: Viewer, f: DashboardFilter): RawBuilder<unknown> {
  const salesperson = f.userId === ALL_SALESPEOPLE ? sql`true` : sql`o.user_id = ${f.userId}::uuid`
  return sql`o.division_id = ${f.divisionId}::int and ${salesperson}
    and o.close_day between ${f.dateFrom}::date and ${f.dateTo}::date
    and ${visibleOpportunities(viewer)}`
}

const sliceSql = (slice: DashboardSlice): RawBuilder<unknown> =>
  slice === 'all'
    ? sql`true`
    : slice === 'open'
      ? sql`o.prospect_stage < ${sql.lit(OpportunityStage.ClosedWon)}`
      : sql`o.prospect_stage = ${Number(slice)}::int`

const cents = (n: number) => Math.round(n * 100) / 100
const zero = (): DashboardTotal => ({ count: 0, amount: 0, weightedAmount: 0 })
const add = (into: DashboardTotal, t: DashboardTotal) => {
  into.count += t.count
  into.amount = cents(into.amount + t.amount)
  into.weightedAmount = cents(into.weightedAmount + t.weightedAmount)
}

/** Totals by stage, open / won / lost, and the trend by close period, in one pass over the index. */
export async function opportunityDashboard(
  db: Kysely<unknown>,
  viewer: Viewer,
  f: DashboardFilter,
): Promise<OpportunityDashboard> {
  const { unit, periods } = trendPeriods(f.dateFrom, f.dateTo)
  const { rows } = await sql<{ period: string; stage: number; count: number; amount: string; weighted: string }>`
    select date_trunc(${unit}, o.close_day)::date::text as period, o.prospect_stage as stage, count(*)::int as count,
      sum(o.amount)::text as amount, round(sum(o.amount * o.probability) / 100, 2)::text as weighted
    from opportunity_dashboard o
    where ${inScope(viewer, f)}
    group by 1, 2`.execute(db)

  const stages = Object.entries(prospectStages).map(([stage, name]) => ({ stage: Number(stage), name, ...zero() }))
  const points = new Map(
    periods.map((period) => [period, { period, openAmount: 0, weightedAmount: 0, wonAmount: 0, lostAmount: 0 }]),
  )
  const [open, won, lost, all] = [zero(), zero(), zero(), zero()]
  for (const r of rows) {
    const t = { count: r.count, amount: Number(r.amount), weightedAmount: Number(r.weighted) }
    add(stages[r.stage - 1]!, t)
    add(all, t)
    add(r.stage === OpportunityStage.ClosedWon ? won : r.stage === OpportunityStage.ClosedLost ? lost : open, t)
    const point = points.get(dayOf(r.period)!)
    if (!point) continue
    if (r.stage === OpportunityStage.ClosedWon) point.wonAmount = cents(point.wonAmount + t.amount)
    else if (r.stage === OpportunityStage.ClosedLost) point.lostAmount = cents(point.lostAmount + t.amount)
    else {
      point.openAmount = cents(point.openAmount + t.amount)
      point.weightedAmount = cents(point.weightedAmount + t.weightedAmount)
    }
  }
  const closed = won.count + lost.count
  return {
    divisionId: f.divisionId,
    userId: f.userId === ALL_SALESPEOPLE ? null : f.userId,
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    stages,
    open,
    won,
    lost,
    all,
    winRate: closed === 0 ? null : cents((won.count / closed) * 100),
    trend: { unit, points: [...points.values()] },
  }
}

/** The opportunities behind one number, close day first, then the largest. */
export async function dashboardOpportunities(
  db: Kysely<unknown>,
  viewer: Viewer,
  f: DashboardFilter,
  slice: DashboardSlice,
  page: { limit: number; first: number },
): Promise<DashboardDrillPage> {
  const where = sql`${inScope(viewer, f)} and ${sliceSql(slice)}`
  const [{ rows }, counted] = await Promise.all([
    sql<Row>`
      select o.opportunity_id, o.contact_id, o.division_id, o.user_id, o.created_by, o.opportunity_name,
        o.opportunity_type, o.prospect_stage, o.probability, o.amount, o.expected_close_date::text,
        o.closed_on::text, o.creation_date, o.stage_changed_at, c.name as contact_name, u.name as user_name
      from opportunity_dashboard o
      left join contacts_list c on c.id = o.contact_id
      left join users u on u.user_id = o.user_id
      where ${where}
      order by o.close_day, o.amount desc, o.opportunity_id
      limit ${page.limit} offset ${page.first}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from opportunity_dashboard o where ${where}`.execute(db),
  ])
  return {
    rows: rows.map((r) => ({ ...toOpportunityRow(r), closedOn: dayOf(r.closed_on) })),
    total: counted.rows[0]?.total ?? 0,
  }
}
