import { sql, type RawBuilder } from 'kysely'
import type { Executor, TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

export type Tables = TableNames<'report_sales_facts' | 'report_sales_day_counts'>

/**
 * One row per countable fact of a salesperson's work: an activity they logged, a contact they created as a
 * Lead, a status move they made. Keyed by whose work it is, the division and the instant; the report groups the
 * instants into the viewer's calendar days at query time (utcOffset), so one row serves every time zone.
 * Referrals and opportunities are more `source` values in the same table (`deal-facts.ts`), with `amount` for
 * their money and `detail` for what they are called (docs/decisions/024, 026).
 */
export async function migrate(trx: Executor, tables: Tables): Promise<void> {
  const table = tables.report_sales_facts
  await sql`
    create table ${sql.table(table)} (
      fact_id text primary key,
      source text not null,
      event_type text not null,
      user_id uuid,
      division_id int not null,
      contact_id uuid not null,
      occurred_at timestamptz not null,
      activity_type int,
      call_outcome text,
      call_seconds int,
      from_status int,
      to_status int,
      amount numeric(16, 2),
      detail text,
      active boolean not null default true,
      version int not null
    )`.execute(trx)
  // A division's period (the report), and one user's period (drill-downs, Day Rating).
  await sql`create index on ${sql.table(table)} (division_id, occurred_at) where active`.execute(trx)
  await sql`create index on ${sql.table(table)} (user_id, occurred_at) where active`.execute(trx)
  await migrateDayCounts(trx, tables.report_sales_day_counts)
}

/** What the report's metric conditions read of a fact: the roll-up keeps these, so the same conditions apply. */
const dimensions = sql`source, event_type, activity_type, call_outcome, from_status, to_status`
const dayKey = sql`division_id, day, user_id, ${dimensions}`

/**
 * The daily roll-up of the active facts that have a user (the only ones the report counts): per UTC day,
 * division, user and the dimensions the metric conditions read, how many facts (`n`), their amount and their call
 * seconds. Column names match the facts', so the report's conditions (alias `f`) and sums apply to both
 * unchanged; a period counts its whole UTC days here and the cut days at its ends from the facts
 * (docs/decisions/038). Rows that drop to no facts are deleted.
 */
async function migrateDayCounts(trx: Executor, table: string): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      day date not null,
      division_id int not null,
      user_id uuid not null,
      source text not null,
      event_type text not null,
      activity_type int,
      call_outcome text,
      from_status int,
      to_status int,
      n int not null,
      amount numeric not null,
      call_seconds bigint not null
    )`.execute(trx)
  // The upsert's key, and a division's days (the report).
  await sql`create unique index on ${sql.table(table)} (${dayKey}) nulls not distinct`.execute(trx)
  // One user's days (a report for one user in every division).
  await sql`create index on ${sql.table(table)} (user_id, day)`.execute(trx)
  // The rows a batch emptied, to delete them.
  await sql`create index on ${sql.table(table)} (day) where n = 0`.execute(trx)
}

/** The roll-up rows of a set of facts (alias `f`, every one counted `sign` times). */
const dayCountsOf = (facts: string, where: RawBuilder<unknown>, sign: 1 | -1) => sql`
  select f.division_id, (f.occurred_at at time zone 'UTC')::date as day, f.user_id, ${dimensions},
    ${sql.lit(sign)} * count(*)::int as n, ${sql.lit(sign)} * coalesce(sum(f.amount), 0) as amount,
    ${sql.lit(sign)} * coalesce(sum(f.call_seconds), 0)::bigint as call_seconds
  from ${sql.table(facts)} f
  where f.active and f.user_id is not null and ${where}
  group by f.division_id, day, f.user_id, ${dimensions}`

/**
 * Adds (sign 1) or withdraws (sign -1) the current rows of the given facts in the roll-up. The projection
 * withdraws the facts a batch touches before applying it and adds them back after, so every insert, edit,
 * inactivation or move of a fact moves its count in the same transaction; replays change nothing (the facts are
 * the same before and after). Withdrawing deletes the rows left at no facts.
 */
export async function adjustDayCounts(trx: Executor, tables: Tables, factIds: string[], sign: 1 | -1) {
  if (factIds.length === 0) return
  const table = sql.table(tables.report_sales_day_counts)
  await sql`
    insert into ${table} (${dayKey}, n, amount, call_seconds)
    ${dayCountsOf(tables.report_sales_facts, sql`f.fact_id = any(${factIds}::text[])`, sign)}
    on conflict (${dayKey}) do update set n = ${table}.n + excluded.n,
      amount = ${table}.amount + excluded.amount, call_seconds = ${table}.call_seconds + excluded.call_seconds`.execute(
    trx,
  )
  if (sign === 1) await sql`delete from ${table} where n = 0`.execute(trx)
}

/** The roll-up computed afresh from the facts: what adjustDayCounts keeps it equal to (bulk loads, tests). */
export async function rebuildDayCounts(trx: Executor, tables: Tables): Promise<void> {
  const table = sql.table(tables.report_sales_day_counts)
  await sql`delete from ${table}`.execute(trx)
  await sql`insert into ${table} (${dayKey}, n, amount, call_seconds)
    ${dayCountsOf(tables.report_sales_facts, sql`true`, 1)}`.execute(trx)
}

const columns: ColumnTypes = [
  ['fact_id', 'text'],
  ['source', 'text'],
  ['event_type', 'text'],
  ['user_id', 'uuid'],
  ['division_id', 'int'],
  ['contact_id', 'uuid'],
  ['occurred_at', 'timestamptz'],
  ['activity_type', 'int'],
  ['call_outcome', 'text'],
  ['call_seconds', 'int'],
  ['from_status', 'int'],
  ['to_status', 'int'],
  ['amount', 'numeric'],
  ['detail', 'text'],
  ['version', 'int'],
]

/** A fact's columns; those a kind of fact leaves out (an activity's amount) are stored empty. */
export type FactRow = Partial<Record<(typeof columns)[number][0], unknown>>
export const insertFacts = (trx: Executor, table: string, rows: FactRow[]) =>
  insertRows(table, rows, columns, sql`on conflict (fact_id) do nothing`).execute(trx)
