import { QUICK_SEARCH_LIMIT, type QuickSearchHit } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { FilterCaller } from '../common/filter-sql'
import {
  RARE_TEXT_ESTIMATE_FACTOR,
  RARE_TEXT_MATCHES,
  likeContains,
  likeStartsWith,
  plannedRows,
  rowKeyIn,
  rowKeysUpTo,
  withBitmapScansOnly,
} from '../common/list-sql'
import { wordsContaining, wordsWalkSql } from '../contact-lists/name-words'
import { anyMatchInScope, scopeConditions } from '../contact-lists/search-scope'

/**
 * The business phone's digits, written exactly as the contact_search index on them
 * (services/projector/src/read-models/contact-search/contact-search.schema.ts): any other spelling is not
 * matched to the index.
 */
const phoneDigits = sql`regexp_replace(coalesce(s.business_phone, ''), '[^0-9]', '', 'g')`

export interface HitRecord {
  contact_id: string
  name: string
  dba: string | null
  dot_number: string | null
  mc_number: string | null
  business_phone: string | null
  city: string | null
  state: string | null
  status_id: number | null
}

/** More matches than this and a text is "frequent": its first ones by name are read in name order instead. */
export const QUICK_SEARCH_CANDIDATES = 1_000
/** How many contacts in name order a frequent text's first matches are looked for among. */
export const QUICK_SEARCH_NAME_WINDOW = 3_000
/** The bounds of the search's plans; tests lower them to take each path with a few contacts. */
export interface QuickSearchBounds {
  candidates: number
  nameWindow: number
  /** At most this many matches in the whole table: a rare text, looked up without the scope (decision 043). */
  rareTextMatches: number
  /** Names walked by their words where that fits (decision 044). */
  nameWords: boolean
}
const defaultBounds: QuickSearchBounds = {
  candidates: QUICK_SEARCH_CANDIDATES,
  nameWindow: QUICK_SEARCH_NAME_WINDOW,
  rareTextMatches: RARE_TEXT_MATCHES,
  nameWords: true,
}
const REST = QUICK_SEARCH_LIMIT * 3
/** Names in byte order: the order of the C-collated name indexes, where a prefix is a range. */
const byNameC = sql`s.name_key collate "C", s.contact_id`

/**
 * The top bar's search (docs/product.md section 2): contacts the caller may see, by the same scope as the lists,
 * whose name or DBA contains the text, whose DOT or MC number or e-mail starts with it, or, for 3+ digits, whose
 * business phone's digits contain them. Exact DOT / MC numbers first, then names that start with the text, then
 * the rest, each by name.
 *
 * No one plan serves every text (docs/decisions/039-quick-search-plans.md). A text without letters that the planner
 * calls rare in the whole table (a DOT number, phone digits) is looked up by the text alone and its matches then
 * checked against the caller's scope (decision 043, rareMatches). A text with letters, for a caller in one division,
 * finds its names by walking their words (decision 044, byNameWords). Otherwise names that start with the text are a
 * range of a C-collated name index. For the rest, a rare text ("zzq", a DOT number) is found through the trigram
 * and pattern indexes and its few matches sorted; a frequent one ("fre", in every "Freight") has tens of
 * thousands of matches, of which only the first by name are wanted, and the name index usually gives those after
 * a few steps. The planner cannot tell the two apart from its statistics, so the search asks the indexes first,
 * for at most QUICK_SEARCH_CANDIDATES matches; when there are more, it looks among the first
 * QUICK_SEARCH_NAME_WINDOW contacts by name, and only when the matches there are too few (they cluster: "Acme
 * Trucking" comes after every other "Acme") does it sort them all.
 */
export async function quickSearch(
  db: Kysely<unknown>,
  caller: FilterCaller,
  text: string,
  bounds: QuickSearchBounds = defaultBounds,
): Promise<QuickSearchHit[]> {
  const q = quickSearchParts(caller, text)
  // A text with letters is mostly looked for in names, whose words a caller in one division walks; the trigram
  // lists of a text of common words are long even where its matches are few ("coastal log": 33 ms to find none).
  const letters = /\p{L}/u.test(text)
  const wordsFirst = bounds.nameWords && letters && !caller.seesAllDivisions
  // Names that start with the text head the dropdown (a text with letters is no exact number): when they fill it,
  // a range of the prefix index is the whole answer. Looking the text up by itself first cost an executive 30 to
  // 100 ms for "summit tra" on the embedded database, whose trigram posting lists are slow to intersect.
  const prefixed = letters ? await inOrder(db, q, q.namePrefix, byNameC, QUICK_SEARCH_LIMIT) : null
  if (prefixed?.length === QUICK_SEARCH_LIMIT) return prefixed.map(toHit)
  if (!wordsFirst) {
    const rare = await rareMatches(db, q, bounds.rareTextMatches)
    if (rare) return rare.map(toHit)
  }
  const hits: HitRecord[] = []
  const byName = sql`s.name_key, s.contact_id`
  if (q.exactNumber) hits.push(...(await inOrder(db, q, q.exactNumber, byName, QUICK_SEARCH_LIMIT)))
  hits.push(...(prefixed ?? (await inOrder(db, q, q.namePrefix, byNameC, QUICK_SEARCH_LIMIT))))
  if (distinct(hits).length < QUICK_SEARCH_LIMIT) {
    // Enough of the rest that the dropdown is still full once the hits above are taken out.
    const byWords = wordsFirst ? await byNameWords(db, q) : null
    const found = byWords ? { rows: byWords, capped: false } : await fromIndexes(db, q, q.anyMatch, bounds.candidates)
    const frequent = found.capped ? await firstInNameWindow(db, q, q.anyMatch, bounds.nameWindow) : []
    hits.push(...(!found.capped ? found.rows : frequent.length === REST ? frequent : await allMatches(db, q)))
  }
  return distinct(hits).slice(0, QUICK_SEARCH_LIMIT).map(toHit)
}

const distinct = (hits: HitRecord[]): HitRecord[] => {
  const seen = new Set<string>()
  return hits.filter((h) => !seen.has(h.contact_id) && seen.add(h.contact_id))
}

const toHit = (r: HitRecord): QuickSearchHit => ({
  id: r.contact_id,
  name: r.name,
  dba: r.dba,
  dotNumber: r.dot_number,
  mcNumber: r.mc_number,
  businessPhone: r.business_phone,
  city: r.city,
  state: r.state,
  statusId: r.status_id,
})

interface QuickSearchParts {
  caller: FilterCaller
  scope: RawBuilder<unknown>
  anyMatch: RawBuilder<unknown>
  /** The same matches as anyMatch, without the owners the scope allows: for a lookup before any scope. */
  anyMatchAnywhere: RawBuilder<unknown>
  /** anyMatchAnywhere but the name's. */
  othersAnywhere: RawBuilder<unknown>
  lowered: string
  namePrefix: RawBuilder<unknown>
  exactNumber: RawBuilder<unknown> | null
}

function quickSearchParts(caller: FilterCaller, text: string): QuickSearchParts {
  const lowered = text.toLowerCase()
  const contains = likeContains(lowered)
  const prefix = likeStartsWith(lowered)
  const namePrefix = sql`(s.name_key collate "C") like ${prefix}`
  // Contains: the trigram indexes. Starts with: btree pattern indexes.
  const byName = sql`s.name_key like ${contains}`
  // Every other column the text is looked for in: the top bar's words walk covers the name and merges these.
  const otherTrigrams: RawBuilder<unknown>[] = [sql`lower(s.dba) like ${contains}`]
  const byPrefix: RawBuilder<unknown>[] = [sql`lower(s.email) like ${prefix}`]
  const isNumber = /^\d+$/.test(text)
  if (isNumber) byPrefix.push(sql`s.dot_number like ${prefix}`, sql`s.mc_number like ${prefix}`)
  const digits = text.replace(/\D/g, '')
  if (digits.length >= 3) otherTrigrams.push(sql`${phoneDigits} like ${`%${digits}%`}`)
  const byTrigrams = [byName, ...otherTrigrams]
  const exactNumber = isNumber ? sql`(s.dot_number = ${text} or s.mc_number = ${text})` : null
  return {
    caller,
    // Executives read one row per contact (its first division's); the status shown is still their division's.
    scope: sql.join(scopeConditions(caller, { filter: {} }, { masterData: true }), sql` and `),
    anyMatch: anyMatchInScope(caller, byTrigrams, byPrefix),
    anyMatchAnywhere: sql`(${sql.join([...byTrigrams, ...byPrefix], sql` or `)})`,
    othersAnywhere: sql`(${sql.join([...otherTrigrams, ...byPrefix], sql` or `)})`,
    lowered,
    namePrefix,
    exactNumber,
  }
}

/** The columns of a hit; the status is the caller's division's, when the row read is another division's. */
const hitColumns = (caller: FilterCaller) => sql`s.contact_id, s.name, s.dba, s.dot_number, s.mc_number,
  s.business_phone, s.city, s.state,
  case when s.division_id = ${caller.divisionId} then s.status_id
    else (select d.status_id from contact_search d
          where d.contact_id = s.contact_id and d.division_id = ${caller.divisionId} and not d.deleted)
  end as status_id`

/**
 * Up to QUICK_SEARCH_CANDIDATES matches, found through the trigram and pattern indexes (bitmap scans; the name
 * order's index scans are switched off for this statement, as they would step over the whole division for a rare
 * text): the first of them by name, enough to fill the dropdown past the hits found before, and whether the cap
 * was reached (else every match was among them).
 */
async function fromIndexes(
  db: Kysely<unknown>,
  q: QuickSearchParts,
  match: RawBuilder<unknown>,
  cap: number | null,
): Promise<{ rows: HitRecord[]; capped: boolean }> {
  return withBitmapScansOnly(db, async (trx) => {
    const { rows } = await sql<HitRecord & { candidates: string }>`
      with candidates as materialized (
        select * from contact_search s where ${q.scope} and ${match} ${cap === null ? sql`` : sql`limit ${cap}`}
      )
      select ${hitColumns(q.caller)}, (select count(*) from candidates) as candidates
      from candidates s order by s.name_key, s.contact_id limit ${REST}`.execute(trx)
    return { rows, capped: cap !== null && Number(rows[0]?.candidates ?? 0) >= cap }
  })
}

/**
 * A text with at most `cap` matches in the whole table (the planner's estimate, then counted): its matches in every
 * division are read from the indexes by the text alone, and only those rows are checked against the caller's
 * scope (decision 043). Every hit of the other plans is among them, so one statement orders the dropdown as they
 * do: exact numbers, then names that start with the text (in the prefix index's byte order), then the rest, each
 * by name. Null for a text with more matches.
 */
async function rareMatches(db: Kysely<unknown>, q: QuickSearchParts, cap: number): Promise<HitRecord[] | null> {
  const anywhere = sql`from contact_search s where not s.deleted and ${q.anyMatchAnywhere}`
  if ((await plannedRows(db, anywhere)) > cap * RARE_TEXT_ESTIMATE_FACTOR) return null
  const keys = await rowKeysUpTo(db, anywhere, cap)
  if (!keys) return null
  const group = sql`case when ${q.exactNumber ?? sql`false`} then 0 when ${q.namePrefix} then 1 else 2 end`
  const { rows } = await sql<HitRecord>`
    select ${hitColumns(q.caller)} from contact_search s
    where ${rowKeyIn(keys)} and ${q.scope}
    order by ${group}, case when ${group} = 1 then s.name_key collate "C" end, s.name_key, s.contact_id
    limit ${QUICK_SEARCH_LIMIT}`.execute(db)
  return rows
}

/**
 * The first REST matches by name of a caller in one division, the names' from a walk of their words (decision 044)
 * and the other columns' from their indexes by the text alone, when those are few: a text common in the division
 * but not in a rep's rows ("eagle car") then costs its own entries, not the division's and the owner's posting
 * lists. Null where that does not fit: a caller over every division, a text without a word of 3 characters or in
 * too many words, other matches that are not few.
 */
async function byNameWords(db: Kysely<unknown>, q: QuickSearchParts): Promise<HitRecord[] | null> {
  const { caller } = q
  if (caller.seesAllDivisions) return null
  const words = await wordsContaining(db, caller.divisionId, q.lowered)
  if (!words) return null
  const others = await rowKeysUpTo(
    db,
    sql`from contact_search s where not s.deleted and ${q.othersAnywhere}`,
    RARE_TEXT_MATCHES,
  )
  if (!others) return null
  const walk = wordsWalkSql({
    division: caller.divisionId,
    text: q.lowered,
    words,
    viewer: caller,
    withoutDealers: false,
    direction: 'asc',
    others,
  })
  const { rows } = await sql<HitRecord>`
    select ${hitColumns(caller)} from (
      select k.contact_id, k.division_id from ${walk} k
      where coalesce((select true from contact_search s
        where s.contact_id = k.contact_id and s.division_id = k.division_id and ${q.scope} limit 1), false)
      order by k.name_key, k.contact_id limit ${REST}
    ) hit join contact_search s on s.contact_id = hit.contact_id and s.division_id = hit.division_id
    order by s.name_key, s.contact_id`.execute(db)
  return rows
}

/** Every match, through the indexes, the first by name. */
async function allMatches(db: Kysely<unknown>, q: QuickSearchParts): Promise<HitRecord[]> {
  return (await fromIndexes(db, q, q.anyMatch, null)).rows
}

/**
 * The first matches by name among the first QUICK_SEARCH_NAME_WINDOW contacts by name (read in the name index's
 * order). When as many as wanted are there, they are the first of all matches: every contact past the window
 * comes after them.
 */
async function firstInNameWindow(
  db: Kysely<unknown>,
  q: QuickSearchParts,
  match: RawBuilder<unknown>,
  window: number,
): Promise<HitRecord[]> {
  const { rows } = await sql<HitRecord>`
    select ${hitColumns(q.caller)} from (
      select * from contact_search s where ${q.scope} order by s.name_key, s.contact_id
      limit ${window}
    ) s
    where ${match} order by s.name_key, s.contact_id limit ${REST}`.execute(db)
  return rows
}

/**
 * The first matches in the given order, read from the index that has it (names that start with the text: a
 * range of the C-collated name index). The keys come from the index alone, and only the hits' rows are read.
 */
async function inOrder(
  db: Kysely<unknown>,
  q: QuickSearchParts,
  match: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number,
): Promise<HitRecord[]> {
  const { rows } = await sql<HitRecord>`
    select ${hitColumns(q.caller)} from (${inOrderKeys(q, match, order, limit)}) hit
    join contact_search s on s.contact_id = hit.contact_id and s.division_id = hit.division_id
    order by ${order}`.execute(db)
  return rows
}

const inOrderKeys = (q: QuickSearchParts, match: RawBuilder<unknown>, order: RawBuilder<unknown>, limit: number) =>
  sql`select s.contact_id, s.division_id from contact_search s where ${q.scope} and ${match}
    order by ${order} limit ${limit}`

/** The statement that finds the keys of the names starting with `text` (its plan is tested). */
export function namePrefixKeysSql(caller: FilterCaller, text: string): RawBuilder<unknown> {
  const q = quickSearchParts(caller, text)
  return inOrderKeys(q, q.namePrefix, byNameC, QUICK_SEARCH_LIMIT)
}
