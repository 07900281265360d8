import type { SalesMetric, SalesMetricActivityRow, SalesMetricContactRow } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'
import { metricConditions } from './metric-conditions'
import { pageTotal } from './page-total'
import { factsOf, type SalesMetricScope } from './sales-metric'

type Page = { limit: number; first: number }

/**
 * The records behind one number, newest first: exactly the facts the number counted (same scope, same metric
 * condition), so the modal's total equals the number clicked. Contacts are named as they are now.
 */
async function factPage(db: Kysely<unknown>, scope: SalesMetricScope, metric: SalesMetric, page: Page) {
  const { rows } = await sql<Record<string, unknown>>`
    select f.fact_id, f.contact_id::text, coalesce(c.name, '') as contact_name, f.occurred_at, f.activity_type,
      f.call_seconds, f.call_outcome, f.from_status, f.to_status, a.subject, f.detail, f.amount::float8 as amount,
      count(*) over ()::int as total
    from report_sales_facts f
    left join contacts_list c on c.id = f.contact_id
    left join activities a on f.source = 'activity' and a.activity_id = substr(f.fact_id, 10)
    where ${factsOf(scope)} and ${metricConditions[metric]}
    order by f.occurred_at desc, f.fact_id
    limit ${page.limit} offset ${page.first}`.execute(db)
  const total = await pageTotal(rows, page.first, () => countFacts(db, scope, metric))
  return { rows, total }
}

async function countFacts(db: Kysely<unknown>, scope: SalesMetricScope, metric: SalesMetric): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from report_sales_facts f where ${factsOf(scope)} and ${metricConditions[metric]}`.execute(
    db,
  )
  return rows[0]?.n ?? 0
}

export async function activityDrillDown(
  db: Kysely<unknown>,
  scope: SalesMetricScope,
  metric: SalesMetric,
  page: Page,
): Promise<{ rows: SalesMetricActivityRow[]; total: number }> {
  const { rows, total } = await factPage(db, scope, metric, page)
  return {
    total,
    rows: rows.map((r) => ({
      activityId: (r.fact_id as string).slice('activity:'.length),
      contactId: r.contact_id as string,
      contactName: r.contact_name as string,
      activityType: (r.activity_type as number | null) ?? 0,
      subject: (r.subject as string | null) ?? '',
      occurredAt: isoOrNull(r.occurred_at as string) ?? '',
      callSeconds: (r.call_seconds as number | null) ?? null,
      callOutcome: (r.call_outcome as string | null) ?? null,
    })),
  }
}

export async function contactDrillDown(
  db: Kysely<unknown>,
  scope: SalesMetricScope,
  metric: SalesMetric,
  page: Page,
): Promise<{ rows: SalesMetricContactRow[]; total: number }> {
  const { rows, total } = await factPage(db, scope, metric, page)
  return {
    total,
    rows: rows.map((r) => ({
      factId: r.fact_id as string,
      contactId: r.contact_id as string,
      contactName: r.contact_name as string,
      occurredAt: isoOrNull(r.occurred_at as string) ?? '',
      fromStatusId: (r.from_status as number | null) ?? null,
      toStatusId: (r.to_status as number | null) ?? null,
      detail: (r.detail as string | null) ?? null,
      amount: (r.amount as number | null) ?? null,
    })),
  }
}
