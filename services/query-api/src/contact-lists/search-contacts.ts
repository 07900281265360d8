import type { ContactSearchRow, ListCount, Paged } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { exactCount, likeContains, pageTotal } from '../common/list-sql'
import { filterConditions, type FilterCaller } from '../advanced-search/filter-sql'
import { distanceSql, zipCentre } from '../advanced-search/distance'
import { listDefinitions, type ListDefinition } from './list-definitions'
import { relatedEntityCounts } from './related-entity-counts'
import { scopeConditions } from './search-scope'
import { searchSortColumns, type SearchOptions } from './search-options'
import { toSearchRow, type SearchRowRecord } from './search-row'

export interface SearchRequest {
  caller: FilterCaller
  options: SearchOptions
  /** A list of docs/product.md section 2; absent for Advanced Search over all contacts (master data). */
  list?: keyof typeof listDefinitions
  /** Only these contacts (the selected rows of an export). */
  ids?: string[]
}

/** The FROM and WHERE of a search, shared by the page, the count and the export. */
export function searchWhere({ caller, options, list, ids }: SearchRequest): RawBuilder<unknown> {
  const definition: ListDefinition | undefined = list ? listDefinitions[list] : undefined
  const conditions = [
    ...scopeConditions(caller, options, { acrossDivisions: definition?.acrossDivisions, masterData: !list }),
    ...(definition ? [definition.where(caller)] : []),
    ...filterConditions(options.filter, caller),
  ]
  const global = options.tableFilter.global?.trim()
  if (global) {
    const like = likeContains(global)
    conditions.push(sql`(s.name ilike ${like} or s.dot_number like ${like} or s.mc_number like ${like})`)
  }
  if (ids) conditions.push(sql`s.contact_id = any(${ids}::uuid[])`)
  return sql`from contact_search s left join users u on u.user_id = s.assigned where ${sql.join(conditions, sql` and `)}`
}

export function orderBy(options: SearchOptions): RawBuilder<unknown> {
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const column = sql.raw(searchSortColumns[options.sort.field])
  return sql`order by ${column} ${direction} nulls last, s.contact_id ${direction}`
}

export function selectColumns(request: SearchRequest): RawBuilder<unknown> {
  const { zip, distance } = request.options.filter
  const miles = zip && distance ? distanceSql(zipCentre(zip)) : sql`null::float8`
  return sql`s.*, u.name as assigned_name, ${miles} as distance_miles,
    (s.assigned is null or s.assigned = ${request.caller.userId}::uuid or u.division_id = ${request.caller.divisionId})
      as assigned_to_my_team`
}

/** One page of a contact list or search, sorted on the server, with its total (exact or estimated). */
export async function searchContacts(db: Kysely<unknown>, request: SearchRequest): Promise<Paged<ContactSearchRow>> {
  const where = searchWhere(request)
  const { limit, first } = request.options.pagination
  const [total, page] = await Promise.all([
    pageTotal(db, where, request.options.pagination),
    sql<SearchRowRecord>`select ${selectColumns(request)} ${where} ${orderBy(request.options)}
      limit ${limit} offset ${first}`.execute(db),
  ])
  // Only the rows on this page get their Related Entities counted.
  const related = await relatedEntityCounts(
    db,
    page.rows.map((r) => r.contact_id),
  )
  const rows = page.rows.map((r) => toSearchRow(r, related.get(r.contact_id) ?? 0))
  return { rows, ...total }
}

/** The exact total of a contact list or search (GET …/count), the same rows its pages show. */
export const countContacts = (db: Kysely<unknown>, request: SearchRequest): Promise<ListCount> =>
  exactCount(db, searchWhere(request))
