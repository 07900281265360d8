import {
  prospectSources,
  readsDivisionReports,
  readModelMessages,
  type LeadToAccountQuery,
  type LeadToAccountReport,
} from '@crm/contracts'
import { forbidden, HttpProblem, listCheckpoints } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { reportDivision } from './report-scope'

export const LEAD_TO_ACCOUNT = 'lead_to_account'

/**
 * The division the report covers: analysts, executives and administrators any (or all), a manager the one
 * they work in now; others do not read it (a report of whole divisions, not of their own work).
 */
export function leadToAccountDivision(request: FastifyRequest, asked?: number): number | undefined {
  if (!readsDivisionReports(request.user)) throw forbidden()
  return reportDivision(request, asked, { wholeDivisions: true })
}

/**
 * 503 while the report's read model backfills (it is served once it has caught up), saying how far it got.
 * The views appear at the switch-over, so until then there is nothing to read.
 */
export async function assertServed(db: Kysely<unknown>): Promise<void> {
  const versions = (await listCheckpoints(db)).filter((c) => c.name === LEAD_TO_ACCOUNT)
  if (versions.some((c) => c.state === 'active')) return
  const applied = versions.reduce((n, c) => Math.max(n, c.eventsApplied), 0)
  throw new HttpProblem(503, readModelMessages.stillBuilding, {
    detail: `${readModelMessages.stillBuilding} ${applied.toLocaleString('en-US')} events applied so far.`,
    headers: { 'retry-after': '5' },
  })
}

const sourceName = (id: number | null) =>
  id === null ? 'No prospect step' : (prospectSources[id as keyof typeof prospectSources] ?? `Source ${id}`)
const round = (n: number) => Math.round(n * 10) / 10

/** Months are calendar months in UTC: the read model keeps instants, the report groups them. */
export async function leadToAccountReport(
  db: Kysely<unknown>,
  query: LeadToAccountQuery,
  divisionId: number | undefined,
): Promise<LeadToAccountReport> {
  const conditions = [sql`account_at is not null`, sql`lead_at is not null`, sql`account_at >= lead_at`]
  if (query.monthFrom) conditions.push(sql`account_at >= ${`${query.monthFrom}-01T00:00:00Z`}::timestamptz`)
  if (query.monthTo)
    conditions.push(sql`account_at < (${`${query.monthTo}-01T00:00:00Z`}::timestamptz + interval '1 month')`)
  if (divisionId !== undefined) conditions.push(sql`division_id = ${divisionId}`)
  const where = sql.join(conditions, sql` and `)
  const { rows } = await sql<{
    month: string
    division_id: number
    division_name: string | null
    prospect_source: number | null
    contacts: number
    average: number
    median: number
    fastest: number
    slowest: number
  }>`
    with reached as (
      select division_id, prospect_source,
        to_char(account_at at time zone 'UTC', 'YYYY-MM') as month,
        extract(epoch from (account_at - lead_at)) / 86400.0 as days
      from lead_to_account where ${where}
    )
    select r.month, r.division_id, d.name as division_name, r.prospect_source, count(*)::int as contacts,
      avg(r.days)::float8 as average,
      percentile_cont(0.5) within group (order by r.days)::float8 as median,
      min(r.days)::float8 as fastest, max(r.days)::float8 as slowest
    from reached r left join divisions d on d.division_id = r.division_id
    group by r.month, r.division_id, d.name, r.prospect_source
    order by r.month desc, d.name, r.prospect_source nulls last`.execute(db)
  const { rows: totals } = await sql<{ contacts: number; average: number | null; median: number | null }>`
    select count(*)::int as contacts,
      avg(extract(epoch from (account_at - lead_at)) / 86400.0)::float8 as average,
      percentile_cont(0.5) within group (order by extract(epoch from (account_at - lead_at)) / 86400.0)::float8
        as median
    from lead_to_account where ${where}`.execute(db)
  const total = totals[0] ?? { contacts: 0, average: null, median: null }
  return {
    rows: rows.map((r) => ({
      month: r.month,
      divisionId: r.division_id,
      divisionName: r.division_name ?? `Division ${r.division_id}`,
      prospectSource: r.prospect_source,
      sourceName: sourceName(r.prospect_source),
      contacts: r.contacts,
      averageDays: round(r.average),
      medianDays: round(r.median),
      fastestDays: round(r.fastest),
      slowestDays: round(r.slowest),
    })),
    total: {
      contacts: total.contacts,
      averageDays: total.average === null ? null : round(total.average),
      medianDays: total.median === null ? null : round(total.median),
    },
  }
}
