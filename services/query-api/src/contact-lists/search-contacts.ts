import { dealerCategories, type ContactSearchRow, type ListCount, type Paged } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import {
  EXACT_COUNT_MARGIN,
  TEXT_SEARCH_EXACT_COUNT,
  UNCOUNTED_ESTIMATE_FACTOR,
  estimatedTotal,
  exactAtListEnd,
  exactCount,
  exactTotal,
  likeContains,
  likeContainsAnyCase,
  pageTotal,
  plannedRows,
  withBitmapScansOnly,
  type PageTotal,
} from '../common/list-sql'
import { filterConditions, filtersByText, type FilterCaller } from '../advanced-search/filter-sql'
import { distanceSql, zipCentre } from '../advanced-search/distance'
import { listDefinitions, type ListDefinition } from './list-definitions'
import { relatedEntityCounts } from './related-entity-counts'
import { anyMatchInScope, scopeConditions } from './search-scope'
import { notNullSortFields, searchSortColumns, type SearchOptions } from './search-options'
import { toSearchRow, type SearchRowRecord } from './search-row'

export interface SearchRequest {
  caller: FilterCaller
  options: SearchOptions
  /** A list of docs/product.md section 2; absent for Advanced Search over all contacts (master data). */
  list?: keyof typeof listDefinitions
  /** A list of another feature's (the logistics customers), used instead of `list`. */
  definition?: ListDefinition
  /** Only these contacts (the selected rows of an export). */
  ids?: string[]
}

/**
 * Dealers (categories 4 and 5) are a book of their own (GET /ts-dealers, decision 020): no contact list, logistics
 * list or Advanced Search shows them. The name indexes include the category, so this costs no row reads.
 */
const notDealer = sql`coalesce(s.contact_category, 0) not in (${sql.join([...dealerCategories])})`

/** The search box's text, if any. */
const globalText = (options: SearchOptions): string | undefined => options.tableFilter.global?.trim() || undefined

/** Whether a search matches "contains" text (the search box, or Advanced Search's name, DBA, DOT or MC). */
const searchesText = (options: SearchOptions): boolean =>
  filtersByText(options.filter) || globalText(options) !== undefined

/**
 * The FROM and WHERE of a search, shared by the page, the count and the export. The request's own filters come
 * first: PostgreSQL checks conditions of equal cost in the order written, and a page of a common text is read by
 * walking a name index, where the text's LIKE then rules out most entries before anything else is looked at
 * (decision 042).
 */
export function searchWhere({ caller, options, list, ids, ...request }: SearchRequest): RawBuilder<unknown> {
  const definition: ListDefinition | undefined = request.definition ?? (list ? listDefinitions[list] : undefined)
  const conditions = filterConditions(options.filter, caller)
  const global = globalText(options)
  if (global) {
    const [like, anyCase] = [likeContains(global), likeContainsAnyCase(global)]
    conditions.push(
      anyMatchInScope(caller, [
        sql`s.name_key like ${anyCase}`,
        sql`s.dot_number like ${like}`,
        sql`s.mc_key like ${anyCase}`,
      ]),
    )
  }
  conditions.push(
    ...scopeConditions(caller, options, { acrossDivisions: definition?.acrossDivisions, masterData: !definition }),
    notDealer,
    ...(definition ? [definition.where(caller)] : []),
  )
  if (ids) conditions.push(sql`s.contact_id = any(${ids}::uuid[])`)
  return sql`from contact_search s left join users u on u.user_id = s.assigned where ${sql.join(conditions, sql` and `)}`
}

export function orderBy(options: SearchOptions): RawBuilder<unknown> {
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const column = sql.raw(searchSortColumns[options.sort.field])
  // Empty values last either way; written only where there can be any, so the indexes of contact_search match.
  const nulls = notNullSortFields.has(options.sort.field) ? sql`` : sql`nulls last`
  return sql`order by ${column} ${direction} ${nulls}, s.contact_id ${direction}`
}

export function selectColumns(request: SearchRequest): RawBuilder<unknown> {
  const { zip, distance } = request.options.filter
  const miles = zip && distance ? distanceSql(zipCentre(zip)) : sql`null::float8`
  return sql`s.*, u.name as assigned_name, ${miles} as distance_miles,
    -- An owner the users read model does not know (yet) is nobody's team: false, not null.
    coalesce(s.assigned is null or s.assigned = ${request.caller.userId}::uuid
      or u.division_id = ${request.caller.divisionId}, false) as assigned_to_my_team`
}

/**
 * One page's rows. The page's keys are found first, from an index alone where the list's filter and sort allow
 * it, and only its own rows are then read whole: skipping to page 100 steps over index entries, not over
 * 5,000 rows with their assigned users. A list known to be short (`fewRows`: its count ended near the page)
 * collects all its keys first and sorts them: otherwise the planner, misjudging how rare rows of a combination of
 * filters are, may walk the whole list in sort order looking for the few that qualify.
 */
export function pageSql(request: SearchRequest, { fewRows }: { fewRows: boolean }): RawBuilder<SearchRowRecord> {
  const { limit, first } = request.options.pagination
  const order = orderBy(request.options)
  const where = searchWhere(request)
  const keys = fewRows
    ? sql`(select s.contact_id, s.division_id ${where} offset 0) page`
    : sql`(select s.contact_id, s.division_id ${where} ${order} limit ${limit} offset ${first}) page`
  return sql<SearchRowRecord>`select ${selectColumns(request)} from ${keys}
    join contact_search s on s.contact_id = page.contact_id and s.division_id = page.division_id
    left join users u on u.user_id = s.assigned
    ${order} ${fewRows ? sql`limit ${limit} offset ${first}` : sql``}`
}

/** One page of a contact list or search, sorted on the server, with its total (exact or estimated). */
export async function searchContacts(db: Kysely<unknown>, request: SearchRequest): Promise<Paged<ContactSearchRow>> {
  const { total, records } = searchesText(request.options)
    ? await searchByText(db, request)
    : await readList(db, request)
  // Only the rows on this page get their Related Entities counted.
  const related = await relatedEntityCounts(
    db,
    records.map((r) => r.contact_id),
  )
  const rows = records.map((r) => toSearchRow(r, related.get(r.contact_id) ?? 0))
  return { rows, ...exactAtListEnd(total, request.options.pagination, rows.length) }
}

interface PageRead {
  total: PageTotal
  records: SearchRowRecord[]
}

/** A list without "contains" text: the count first, as how long the list is decides how its page is best read. */
async function readList(db: Kysely<unknown>, request: SearchRequest): Promise<PageRead> {
  const total = await pageTotal(db, searchWhere(request), request.options.pagination)
  const { rows } = await pageSql(request, { fewRows: !total.totalIsEstimate }).execute(db)
  return { total, records: rows }
}

/**
 * A search by "contains" text (docs/decisions/013 and 041). A text the planner calls common
 * (UNCOUNTED_ESTIMATE_FACTOR) is not counted: the total is its estimate and the page is read in the list's order,
 * where a common text's first matches come after a few steps. Any other text's matches, up to
 * TEXT_SEARCH_EXACT_COUNT, are collected once from the trigram indexes (bitmap scans only, which cost what the
 * matches cost at every rarity), then counted and sorted for the page in the same statement: counting them and
 * then reading the page were two passes over the same posting lists, each most of the request when a text common
 * in the division is rare or absent in a rep's rows. More matches than that: the page is read in the list's order.
 */
async function searchByText(db: Kysely<unknown>, request: SearchRequest): Promise<PageRead> {
  const where = searchWhere(request)
  const { first, limit } = request.options.pagination
  const upTo = Math.max(first + limit + EXACT_COUNT_MARGIN, TEXT_SEARCH_EXACT_COUNT)
  const planned = await plannedRows(db, where)
  let counted = 0
  if (planned < upTo * UNCOUNTED_ESTIMATE_FACTOR) {
    const { rows } = await withBitmapScansOnly(db, (trx) => matchesAndPageSql(request, where, upTo).execute(trx))
    counted = Number(rows[0]?.matched ?? 0)
    if (counted <= upTo) {
      return { total: exactTotal(counted), records: rows.filter((r) => r.contact_id !== null) }
    }
  }
  const { rows } = await pageSql(request, { fewRows: false }).execute(db)
  return { total: estimatedTotal(planned, counted), records: rows }
}

/**
 * Up to `upTo + 1` matches of a search (materialized: read once), how many they are, and the page among them; one
 * row with a null contact when the page is past them. The page is right only when they are all the matches.
 */
function matchesAndPageSql(
  request: SearchRequest,
  where: RawBuilder<unknown>,
  upTo: number,
): RawBuilder<SearchRowRecord & { matched: string }> {
  const { limit, first } = request.options.pagination
  return sql<SearchRowRecord & { matched: string }>`
    with matches as materialized (select s.contact_id, s.division_id ${where} limit ${upTo + 1})
    select counted.matched, page.* from (select count(*) as matched from matches) counted
    left join lateral (
      select ${selectColumns(request)} from matches m
      join contact_search s on s.contact_id = m.contact_id and s.division_id = m.division_id
      left join users u on u.user_id = s.assigned
      ${orderBy(request.options)} limit ${limit} offset ${first}
    ) page on true`
}

/** The exact total of a contact list or search (GET …/count), the same rows its pages show. */
export const countContacts = (db: Kysely<unknown>, request: SearchRequest): Promise<ListCount> =>
  exactCount(db, searchWhere(request))
