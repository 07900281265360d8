import type { ListCount } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'

/**
 * A page's total is counted exactly only this far past the page's end; a longer list answers the planner's
 * estimate, so drawing a page never counts more rows than it shows plus this many (docs/decisions/013).
 */
export const EXACT_COUNT_MARGIN = 200
/**
 * A search by "contains" text counts up to this many rows: the trigram indexes' bitmap holds every match whatever
 * the limit, so counting them costs little more, and a search known to have this few matches reads them all
 * and sorts them rather than walking the list's order for rows that may all sit at its far end.
 */
export const TEXT_SEARCH_EXACT_COUNT = 2_000
/**
 * A search by "contains" text that the planner puts at this many times TEXT_SEARCH_EXACT_COUNT rows or more is not
 * counted: with the stored name's statistics the estimate of a common text is close (decision 041), and the count
 * would stop at its limit and answer that estimate anyway, after reading thousands of trigram matches.
 */
export const UNCOUNTED_ESTIMATE_FACTOR = 5
/**
 * A "contains" text with at most this many matches in the whole of contact_search is looked up without the
 * caller's scope (docs/decisions/043): the trigram indexes' posting lists of the text alone are short, where
 * intersecting them with the division's and the owner's costs what those long lists cost.
 */
export const RARE_TEXT_MATCHES = 2_000
/**
 * The planner's estimate of a text's matches comes from a sample, and errs high for a rare text (a DOT number's
 * digits, estimated at 5,210 where 700 match): a text it puts at up to this many times RARE_TEXT_MATCHES is looked
 * up (and given up on past RARE_TEXT_MATCHES); a text it puts higher is common, and not looked up at all.
 */
export const RARE_TEXT_ESTIMATE_FACTOR = 5
/** An exact count on demand (GET …/count) gives up after this long and says so. */
export const COUNT_TIMEOUT_MS = 3_000

/** The user's text as a LIKE pattern that matches it literally: their `%`, `_` and `\` are not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
/** LIKE / ILIKE pattern: the text anywhere (docs/product.md 9: filters match by "contains"). */
export const likeContains = (text: string) => `%${escapeLike(text)}%`
/** LIKE pattern: values starting with the text. */
export const likeStartsWith = (text: string) => `${escapeLike(text)}%`
/**
 * "Contains, any case" as `lower(column) like <this>`: unlike `ilike`, that is the expression the trigram
 * indexes of contact_search are built on, so they serve it.
 */
export const likeContainsAnyCase = (text: string) => likeContains(text.toLowerCase())

export interface PageTotal {
  total: number
  totalIsCapped: boolean
  totalIsEstimate: boolean
}

/**
 * Runs `work` in a transaction whose planner reads tables only through bitmap scans of their indexes: no
 * sequential scan, no walk of an index in its order. For a search by "contains" text, PostgreSQL cannot tell how
 * rare the text is and guesses a share of the rows; under a LIMIT that guess makes reading the table (or an index
 * in sort order) until enough rows match look cheap, and a text that matches nothing then reads every row of a
 * census-sized division (265 ms at 200,000, against 11 ms through the trigram index). A bitmap of the trigram
 * indexes costs what the matches cost, whatever the text. The switches last until the transaction ends.
 */
export async function withBitmapScansOnly<T>(
  db: Kysely<unknown>,
  work: (trx: Kysely<unknown>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true),
      set_config('enable_seqscan', 'off', true)`.execute(trx)
    return work(trx)
  })
}

/** A row of contact_search: a contact in a division. */
export interface RowKey {
  contact_id: string
  division_id: number
}

/**
 * The keys of the rows of a FROM ... WHERE over contact_search `s` (read through bitmap scans, as the text searches
 * are), or null when there are more than `cap`.
 */
export async function rowKeysUpTo(
  db: Kysely<unknown>,
  from: RawBuilder<unknown>,
  cap: number,
): Promise<RowKey[] | null> {
  const { rows } = await withBitmapScansOnly(db, (trx) =>
    sql<RowKey>`select s.contact_id, s.division_id ${from} limit ${cap + 1}`.execute(trx),
  )
  return rows.length > cap ? null : rows
}

/** "The row of contact_search `s` is one of these". */
export const rowKeyIn = (keys: RowKey[]): RawBuilder<unknown> =>
  sql`(s.contact_id, s.division_id) in (select * from unnest(${keys.map((k) => k.contact_id)}::uuid[],
    ${keys.map((k) => k.division_id)}::int[]))`

/** Counts the rows of a FROM ... WHERE, stopping at `upTo`. */
export const countUpToSql = (from: RawBuilder<unknown>, upTo: number) =>
  sql<{ n: string }>`select count(*) as n from (select 1 ${from} limit ${upTo}) counted`

/**
 * The total shown under a page at `first` of `limit` rows: exact when the list ends within EXACT_COUNT_MARGIN
 * rows of the page, otherwise the planner's estimate (never below what was counted). Searches by "contains" text
 * are counted their own way (searchByText in contact-lists/search-contacts.ts).
 */
export async function pageTotal(
  db: Kysely<unknown>,
  from: RawBuilder<unknown>,
  { first, limit }: { first: number; limit: number },
): Promise<PageTotal> {
  const upTo = first + limit + EXACT_COUNT_MARGIN
  const { rows } = await countUpToSql(from, upTo + 1).execute(db)
  const counted = Number(rows[0]?.n ?? 0)
  if (counted <= upTo) return exactTotal(counted)
  return estimatedTotal(await plannedRows(db, from), counted)
}

export const exactTotal = (total: number): PageTotal => ({ total, totalIsCapped: false, totalIsEstimate: false })
/** The planner's estimate, never below what was counted. */
export const estimatedTotal = (planned: number, counted = 0): PageTotal => ({
  total: Math.max(planned, counted),
  totalIsCapped: true,
  totalIsEstimate: true,
})

/**
 * A page shorter than asked for is the end of the list: an estimated total becomes exact there. An empty page past
 * the first only says the list ends before it.
 */
export function exactAtListEnd(total: PageTotal, { first, limit }: { first: number; limit: number }, shown: number) {
  if (!total.totalIsEstimate || shown >= limit) return total
  if (shown === 0 && first > 0) return { ...total, total: Math.min(total.total, first) }
  return exactTotal(first + shown)
}

interface PlanNode {
  'Node Type': string
  'Plan Rows': number
  Plans?: PlanNode[]
}
type PlanRow = { 'QUERY PLAN': string | [{ Plan: PlanNode }] }

/** The top node of an EXPLAIN (format json). */
async function planOf(db: Kysely<unknown>, query: RawBuilder<unknown>): Promise<PlanNode | undefined> {
  const { rows } = await sql<PlanRow>`explain (format json) ${query}`.execute(db)
  const plan = rows[0]?.['QUERY PLAN']
  // node-postgres parses the json column; PGlite may hand it over as text.
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as Exclude<PlanRow['QUERY PLAN'], string>) : plan
  return parsed?.[0]?.Plan
}

/** How many rows the planner expects a FROM ... WHERE to give (EXPLAIN, nothing is read). */
export async function plannedRows(db: Kysely<unknown>, from: RawBuilder<unknown>): Promise<number> {
  return Math.round((await planOf(db, sql`select 1 ${from}`))?.['Plan Rows'] ?? 0)
}

/** plannedRows of two FROM ... WHERE at once: one EXPLAIN of both, as the two branches of a UNION ALL. */
export async function plannedRowsOfBoth(
  db: Kysely<unknown>,
  a: RawBuilder<unknown>,
  b: RawBuilder<unknown>,
): Promise<[number, number]> {
  const plan = await planOf(db, sql`select 1 ${a} union all select 1 ${b}`)
  const branches = plan?.['Node Type'] === 'Append' ? (plan.Plans ?? []) : []
  // A branch the planner proves empty is dropped, and an Append of one branch with it: ask each alone then.
  if (branches.length !== 2) return [await plannedRows(db, a), await plannedRows(db, b)]
  return [Math.round(branches[0]!['Plan Rows']), Math.round(branches[1]!['Plan Rows'])]
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014'

/**
 * The exact number of rows of a FROM ... WHERE, for GET …/count: in a transaction of its own whose statements
 * stop after COUNT_TIMEOUT_MS, so one huge count cannot hold a connection for long.
 */
export async function exactCount(db: Kysely<unknown>, from: RawBuilder<unknown>): Promise<ListCount> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(COUNT_TIMEOUT_MS)}, true)`.execute(trx)
      const { rows } = await sql<{ n: string }>`select count(*) as n ${from}`.execute(trx)
      return { total: Number(rows[0]?.n ?? 0), timedOut: false }
    })
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) return { total: null, timedOut: true }
    throw error
  }
}
