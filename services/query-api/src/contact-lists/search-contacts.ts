import { dealerCategories, type ContactSearchRow, type ListCount, type Paged } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import {
  exactAtListEnd,
  exactCount,
  likeContains,
  likeContainsAnyCase,
  pageTotal,
  withBitmapScansOnly,
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

/** The FROM and WHERE of a search, shared by the page, the count and the export. */
export function searchWhere({ caller, options, list, ids, ...request }: SearchRequest): RawBuilder<unknown> {
  const definition: ListDefinition | undefined = request.definition ?? (list ? listDefinitions[list] : undefined)
  const conditions = [
    ...scopeConditions(caller, options, { acrossDivisions: definition?.acrossDivisions, masterData: !definition }),
    notDealer,
    ...(definition ? [definition.where(caller)] : []),
    ...filterConditions(options.filter, caller),
  ]
  const global = globalText(options)
  if (global) {
    const [like, anyCase] = [likeContains(global), likeContainsAnyCase(global)]
    conditions.push(
      anyMatchInScope(caller, [
        sql`s.name_key like ${anyCase}`,
        sql`s.dot_number like ${like}`,
        sql`lower(s.mc_number) like ${anyCase}`,
      ]),
    )
  }
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
 * collects all its keys first and sorts them: otherwise the planner, unable to tell how rare a searched text
 * is, may walk the whole list in sort order looking for the few rows that contain it.
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
  // The count first: how long the list is decides how its page is best read.
  const byText = searchesText(request.options)
  const total = await pageTotal(db, searchWhere(request), request.options.pagination, { searchesText: byText })
  const fewRows = !total.totalIsEstimate
  const readPage = (on: Kysely<unknown>) => pageSql(request, { fewRows }).execute(on)
  // A text search's few matches are collected from the trigram indexes, as they were counted.
  const page = byText && fewRows ? await withBitmapScansOnly(db, readPage) : await readPage(db)
  // Only the rows on this page get their Related Entities counted.
  const related = await relatedEntityCounts(
    db,
    page.rows.map((r) => r.contact_id),
  )
  const rows = page.rows.map((r) => toSearchRow(r, related.get(r.contact_id) ?? 0))
  return { rows, ...exactAtListEnd(total, request.options.pagination, rows.length) }
}

/** The exact total of a contact list or search (GET …/count), the same rows its pages show. */
export const countContacts = (db: Kysely<unknown>, request: SearchRequest): Promise<ListCount> =>
  exactCount(db, searchWhere(request))
