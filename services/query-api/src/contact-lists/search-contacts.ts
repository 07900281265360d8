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
  plannedRowsOfBoth,
  RARE_TEXT_ESTIMATE_FACTOR,
  RARE_TEXT_MATCHES,
  rowKeyIn,
  rowKeysUpTo,
  withBitmapScansOnly,
  type PageTotal,
  type RowKey,
} from '../common/list-sql'
import { filtersByText, otherFilterConditions, textFilterConditions, type FilterCaller } from '../common/filter-sql'
import { distanceSql, zipCentre } from '../common/distance'
import { listDefinitions, type ListDefinition } from './list-definitions'
import { wordsContaining, wordsWalkSql } from './name-words'
import { relatedEntityCounts } from './related-entity-counts'
import { anyMatchInScope, scopeConditions, scopeDivision } from './search-scope'
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
  /**
   * The rows known to match the request's "contains" texts (found without the scope, decision 043): the texts are
   * then not matched again, only these rows are looked at.
   */
  textMatches?: RowKey[]
}

/**
 * Dealers (categories 4 and 5) are a book of their own (GET /ts-dealers, decision 020): no contact list, logistics
 * list or Advanced Search shows them. The name indexes include the category, so this costs no row reads.
 */
const notDealer = sql`coalesce(s.contact_category, 0) not in (${sql.join([...dealerCategories])})`

/** The search box's matches: the name, the DOT number or the MC number contains the text. */
const searchBoxMatches = (text: string): RawBuilder<unknown>[] => [
  sql`s.name_key like ${likeContainsAnyCase(text)}`,
  sql`s.dot_number like ${likeContains(text)}`,
  sql`s.mc_key like ${likeContainsAnyCase(text)}`,
]

/**
 * The rows of contact_search, in any division, whose values contain the request's texts (its filters' and the search
 * box's): what the trigram indexes give for the texts alone, before any scope, filter or list rule.
 */
function textOnlyWhere(options: SearchOptions): RawBuilder<unknown> {
  const conditions = [sql`not s.deleted`, ...textFilterConditions(options.filter)]
  const global = globalText(options)
  if (global) conditions.push(sql`(${sql.join(searchBoxMatches(global), sql` or `)})`)
  return sql`from contact_search s where ${sql.join(conditions, sql` and `)}`
}

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
export function searchWhere({
  caller,
  options,
  list,
  ids,
  textMatches,
  ...request
}: SearchRequest): RawBuilder<unknown> {
  const definition: ListDefinition | undefined = request.definition ?? (list ? listDefinitions[list] : undefined)
  const conditions: RawBuilder<unknown>[] = []
  const global = globalText(options)
  if (textMatches) conditions.push(rowKeyIn(textMatches))
  else {
    conditions.push(...textFilterConditions(options.filter))
    if (global) conditions.push(anyMatchInScope(caller, searchBoxMatches(global)))
  }
  conditions.push(
    ...otherFilterConditions(options.filter, caller),
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
  if (fewRows) {
    return pageOfKeys(request, sql`(select s.contact_id, s.division_id ${where} offset 0) page`, {
      limit,
      first,
    })
  }
  return pageOfKeys(
    request,
    sql`(select s.contact_id, s.division_id ${where} ${order} limit ${limit} offset ${first}) page`,
  )
}

/**
 * The page's rows, read whole, for its keys (a subquery `page` of contact_id and division_id): in the list's order,
 * cut to the page when the keys are more than the page.
 */
function pageOfKeys(
  request: SearchRequest,
  keys: RawBuilder<unknown>,
  cut?: { limit: number; first: number },
): RawBuilder<SearchRowRecord> {
  return sql<SearchRowRecord>`select ${selectColumns(request)} from ${keys}
    join contact_search s on s.contact_id = page.contact_id and s.division_id = page.division_id
    left join users u on u.user_id = s.assigned
    ${orderBy(request.options)} ${cut ? sql`limit ${cut.limit} offset ${cut.first}` : sql``}`
}

/** One page of a contact list or search, sorted on the server, with its total (exact or estimated). */
export async function searchContacts(
  db: Kysely<unknown>,
  request: SearchRequest,
  { rareTextMatches = RARE_TEXT_MATCHES }: { rareTextMatches?: number } = {},
): Promise<Paged<ContactSearchRow>> {
  const { total, records } = searchesText(request.options)
    ? await searchByText(db, request, rareTextMatches)
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
 * A search by "contains" text (docs/decisions/013, 041, 043 and 044). A text the planner calls rare in the whole
 * table is looked up by the text alone (searchByRareText). A name text with more matches in the caller's rows than
 * would be counted is walked by the names' words where that fits (nameWordsKeys). Otherwise a text the planner calls
 * common
 * (UNCOUNTED_ESTIMATE_FACTOR) is not counted: the total is its estimate and the page is read in the list's order,
 * where a common text's first matches come after a few steps. Any other text's matches, up to
 * TEXT_SEARCH_EXACT_COUNT, are collected once from the trigram indexes (bitmap scans only, which cost what the
 * matches cost at every rarity), then counted and sorted for the page in the same statement: counting them and
 * then reading the page were two passes over the same posting lists, each most of the request when a text common
 * in the division is rare or absent in a rep's rows. More matches than that: the page is read in the list's order.
 */
async function searchByText(db: Kysely<unknown>, request: SearchRequest, rareTextMatches: number): Promise<PageRead> {
  const where = searchWhere(request)
  const { first, limit } = request.options.pagination
  const upTo = Math.max(first + limit + EXACT_COUNT_MARGIN, TEXT_SEARCH_EXACT_COUNT)
  const [planned, plannedText] = await plannedRowsOfBoth(db, where, textOnlyWhere(request.options))
  // A rep's scope is read from the owner's posting lists, long for "nobody"; a manager's division list costs less
  // than reading the matches of every division (decision 043).
  if (!request.caller.seesWholeDivision && plannedText <= rareTextMatches * RARE_TEXT_ESTIMATE_FACTOR) {
    const rare = await searchByRareText(db, request, rareTextMatches)
    if (rare) return rare
  }
  // More matches expected than would be counted: a walk by the names' words, when it fits, is cheaper than
  // finding out by counting (decision 044).
  const byWords = planned > upTo ? await nameWordsKeys(db, request) : null
  if (byWords)
    return { total: estimatedTotal(planned, 0), records: (await pageOfKeys(request, byWords).execute(db)).rows }
  let counted = 0
  if (planned < upTo * UNCOUNTED_ESTIMATE_FACTOR) {
    const { rows } = await withBitmapScansOnly(db, (trx) => matchesAndPageSql(request, where, upTo).execute(trx))
    counted = Number(rows[0]?.matched ?? 0)
    if (counted <= upTo) {
      return { total: exactTotal(counted), records: rows.filter((r) => r.contact_id !== null) }
    }
  }
  const { rows } = await walkPage(db, request, { words: planned <= upTo })
  return { total: estimatedTotal(planned, counted), records: rows }
}

/**
 * A page read in the list's order: by the words of the names where that fits (decision 044), else by walking the
 * list's own index. `byWords` says which; tests switch it off to compare.
 */
export async function walkPage(
  db: Kysely<unknown>,
  request: SearchRequest,
  { words = true }: { words?: boolean } = {},
): Promise<{ rows: SearchRowRecord[]; byWords: boolean }> {
  const keys = words ? await nameWordsKeys(db, request) : null
  const { rows } = await (keys ? pageOfKeys(request, keys) : pageSql(request, { fewRows: false })).execute(db)
  return { rows, byWords: keys !== null }
}

/**
 * The keys of a page of a name search read from the words of the names, in name order (docs/decisions/044): for
 * "lakes", the walk of each word that contains it ("lakes", "greatlakes"…), merged in the page's order, meets only
 * names that contain a word with the text, where the walk of the division's name index steps over every name
 * before them. Each entry's name, owner and category are checked from the entry; what the entry does not hold
 * (deleted, any other condition of the search) from the row, for the entries that pass. The search box's DOT and
 * MC matches, when few, join the walk. Null where the walk does not fit: not by name, a list other than All
 * Contacts, other filters, a caller over every division, a name text without a word of 3 characters, a text in
 * too many words.
 */
async function nameWordsKeys(db: Kysely<unknown>, request: SearchRequest): Promise<RawBuilder<unknown> | null> {
  const { caller, options } = request
  const { name, dba, mcNumber, dotNumber, divisionId: _division, ...others } = options.filter
  const global = globalText(options)
  const walked = (name || global)?.toLowerCase()
  // All Contacts' rule is every contact; other lists' rules may leave out most of a walk's entries.
  const everyContact = request.list === undefined || request.list === 'contacts'
  const fits = everyContact && !request.definition && !request.ids && options.sort.field === 'name' && !dba && !mcNumber
  // The scope's own division: an executive's All Contacts is their division's, their Advanced Search every one's.
  const division = scopeDivision(caller, options, { masterData: request.list === undefined })
  if (!walked || !fits || dotNumber || division === null) return null
  if (otherFilterConditions(others, caller).length > 0) return null
  const words = await wordsContaining(db, division, walked)
  if (!words) return null
  // The search box matches the DOT and MC numbers too: those matches, if few, are merged into the walk.
  const numbers = !name && global ? await numberMatches(db, global) : []
  if (!numbers) return null
  const direction = options.sort.direction
  const walk = wordsWalkSql({
    division,
    text: walked,
    words,
    viewer: caller,
    withoutDealers: true,
    direction,
    others: numbers,
  })
  const { limit, first } = options.pagination
  const sqlDirection = direction === 'asc' ? sql`asc` : sql`desc`
  // Every other condition of the search is checked on the row of each entry that passed, one at a time, so the
  // walk stops as soon as the page is full.
  return sql`(select k.contact_id, k.division_id from ${walk} k
    where coalesce((select true ${searchWhere(request)}
      and s.contact_id = k.contact_id and s.division_id = k.division_id limit 1), false)
    order by k.name_key ${sqlDirection}, k.contact_id ${sqlDirection} limit ${limit} offset ${first}) page`
}

/** The rows whose DOT or MC number contains the search box's text, or null when they are not few. */
const numberMatches = (db: Kysely<unknown>, text: string): Promise<RowKey[] | null> =>
  rowKeysUpTo(
    db,
    sql`from contact_search s where not s.deleted
      and (s.dot_number like ${likeContains(text)} or s.mc_key like ${likeContainsAnyCase(text)})`,
    RARE_TEXT_MATCHES,
  )

/**
 * A search whose texts are rare in the whole table (decision 043): their matches in every division, at most
 * `rareTextMatches`, are read from the trigram indexes by the texts alone, and only those rows are then checked
 * against the scope, the filters and the list, and sorted. Null when the texts have more matches than that.
 */
async function searchByRareText(
  db: Kysely<unknown>,
  request: SearchRequest,
  rareTextMatches: number,
): Promise<PageRead | null> {
  const textMatches = await textMatchesAnywhere(db, request.options, rareTextMatches)
  if (!textMatches) return null
  const where = searchWhere({ ...request, textMatches })
  const { rows } = await matchesAndPageSql(request, where, textMatches.length).execute(db)
  return { total: exactTotal(Number(rows[0]?.matched ?? 0)), records: rows.filter((r) => r.contact_id !== null) }
}

/**
 * The rows, in every division, whose values contain the texts of the search (textOnlyWhere), read through the
 * trigram indexes by the texts alone; null when there are more than `cap`.
 */
export const textMatchesAnywhere = (
  db: Kysely<unknown>,
  options: SearchOptions,
  cap: number,
): Promise<RowKey[] | null> => rowKeysUpTo(db, textOnlyWhere(options), cap)

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
