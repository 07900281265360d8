import {
  ageBuckets,
  companyTypes,
  ContactStatus,
  nationalities,
  OpportunityStage,
  topTenMeasures,
  truckBuckets,
  UNKNOWN_SLICE,
  type Insight,
  type InsightKind,
  type InsightSlice,
  type TopTen,
  type TopTenMeasure,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { ContactScope } from './contact-scope'

type Bucket = { key: string; min: number; max: number | null }

/** `case when <value> between min and max then key ... else 'unknown' end` over ordered buckets. */
function bucketSql(value: RawBuilder<unknown>, buckets: readonly Bucket[]): RawBuilder<unknown> {
  const arms = buckets.map((b) =>
    b.max === null
      ? sql`when ${value} >= ${b.min} then ${b.key}`
      : sql`when ${value} between ${b.min} and ${b.max} then ${b.key}`,
  )
  return sql`(case ${sql.join(arms, sql` `)} else ${UNKNOWN_SLICE} end)`
}

/**
 * The slice of an account (alias `s`) for each insight, as text: the one definition the counts and the
 * drill-down share, so a slice's number and its list agree. Age is whole years since the date established, on
 * `today`.
 */
export function sliceSql(kind: InsightKind, today: string): RawBuilder<unknown> {
  switch (kind) {
    case 'nationality':
      return sql`coalesce(s.nationality_id::text, ${UNKNOWN_SLICE})`
    case 'companyType':
      return sql`coalesce(s.company_type_id::text, ${UNKNOWN_SLICE})`
    case 'companySize':
      return bucketSql(sql`s.number_of_trucks`, truckBuckets)
    case 'companyAge':
      return bucketSql(sql`extract(year from age(${today}::date, s.date_established))::int`, ageBuckets)
  }
}

/** Accounts: contacts in status Account in the division. */
export const accountsOnly = sql`s.status_id = ${ContactStatus.Account}`

const lookupSlices = (table: Record<number, string>) => Object.entries(table).map(([key, label]) => ({ key, label }))

/** Every slice of an insight in reading order (zeros included); unknown last. */
function slicesOf(kind: InsightKind): { key: string; label: string }[] {
  switch (kind) {
    case 'nationality':
      return lookupSlices(nationalities)
    case 'companyType':
      return lookupSlices(companyTypes)
    case 'companySize':
      return truckBuckets.map(({ key, label }) => ({ key, label }))
    case 'companyAge':
      return ageBuckets.map(({ key, label }) => ({ key, label }))
  }
}

export async function insightOf(
  db: Kysely<unknown>,
  scope: ContactScope,
  kind: InsightKind,
  today: string,
): Promise<Insight> {
  const { rows } = await sql<{ key: string; count: number }>`
    select ${sliceSql(kind, today)} as key, count(*)::int as count
    from contact_search s where ${scope.where} and ${accountsOnly}
    group by 1`.execute(db)
  const counted = new Map(rows.map((r) => [r.key, r.count]))
  const slices: InsightSlice[] = slicesOf(kind).map((s) => ({ ...s, count: counted.get(s.key) ?? 0 }))
  const known = new Set(slices.map((s) => s.key))
  // Ids outside the lookup (an old value) and no value at all read as one "Not given" slice.
  const rest = rows.filter((r) => !known.has(r.key)).reduce((sum, r) => sum + r.count, 0)
  if (rest > 0) slices.push({ key: UNKNOWN_SLICE, label: 'Not given', count: rest })
  return {
    kind,
    divisionId: scope.divisionId,
    total: rows.reduce((sum, r) => sum + r.count, 0),
    slices,
  }
}

/** The drill-down's condition: the accounts of one slice ('unknown' also takes ids outside the lookup). */
export function sliceCondition(kind: InsightKind, key: string, today: string): RawBuilder<unknown> {
  const slice = sliceSql(kind, today)
  if (key !== UNKNOWN_SLICE) return sql`${accountsOnly} and ${slice} = ${key}`
  const known = slicesOf(kind).map((s) => s.key)
  return sql`${accountsOnly} and not (${slice} = any(${known}::text[]))`
}

const measures: Record<TopTenMeasure, (now: Date) => RawBuilder<unknown>> = {
  wonAmount: () => sql`(select coalesce(sum(o.amount), 0) from opportunities o
    where o.contact_id = s.contact_id and o.division_id = s.division_id and o.prospect_stage = ${sql.lit(OpportunityStage.ClosedWon)})`,
  activities: (now) => sql`(select count(*) from activities a
    where a.contact_id = s.contact_id and a.division_id = s.division_id and a.active
      and a.occurred_at >= ${new Date(now.getTime() - 365 * 86_400_000).toISOString()}::timestamptz)`,
  loadPay: () => sql`(select coalesce(sum(l.load_pay), 0) from logistics_loads l
    where l.contact_id = s.contact_id and not l.deleted)`,
}

/** The ten accounts that rank highest on the measure (those at zero left out), highest first. */
export async function topTenOf(
  db: Kysely<unknown>,
  scope: ContactScope,
  measure: TopTenMeasure,
  now: Date,
): Promise<TopTen> {
  const { rows } = await sql<{ contact_id: string; name: string | null; value: number }>`
    select * from (
      select s.contact_id::text, s.name, s.name_key, (${measures[measure](now)})::float8 as value
      from contact_search s where ${scope.where} and ${accountsOnly}
    ) ranked where value > 0
    order by value desc, name_key, contact_id limit 10`.execute(db)
  return {
    measure,
    measureLabel: topTenMeasures[measure],
    divisionId: scope.divisionId,
    rows: rows.map((r) => ({ contactId: r.contact_id, name: r.name ?? '', value: r.value })),
  }
}
