import { forbidden } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { FilterCaller } from '../common/filter-sql'
import { contactOwnerSql, contactOwnersOf } from '../visibility/visibility-sql'
import type { SearchOptions } from './search-options'

/**
 * Which contact_search rows exist for the caller (docs/product.md section 6): reps see their own and unassigned
 * contacts of their division (the contact rule's owner half, contactOwnerSql), managers the whole division,
 * executives every division. `masterData`
 * searches (Advanced Search) without a division filter read one row per contact across all divisions.
 */
export function scopeConditions(
  caller: FilterCaller,
  options: Pick<SearchOptions, 'filter'>,
  mode: ScopeMode,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`not s.deleted`]
  const wanted = options.filter.divisionId
  const division = scopeDivision(caller, options, mode)
  if (caller.seesAllDivisions && wanted === undefined && mode.masterData) conditions.push(sql`s.is_primary`)
  else if (division !== null) conditions.push(sql`s.division_id = ${division}`)
  const own = contactOwnerSql(caller, sql`s.assigned`)
  if (own) conditions.push(own)
  return conditions
}

export interface ScopeMode {
  acrossDivisions?: boolean
  masterData?: boolean
}

/** The one division the caller's rows are read from (scopeConditions), or null when they span several. */
export function scopeDivision(
  caller: FilterCaller,
  options: Pick<SearchOptions, 'filter'>,
  mode: ScopeMode,
): number | null {
  const wanted = options.filter.divisionId
  if (wanted !== undefined && wanted !== caller.divisionId && !caller.seesAllDivisions) throw forbidden()
  if (caller.seesAllDivisions && wanted === undefined && (mode.masterData || mode.acrossDivisions)) return null
  return wanted ?? caller.divisionId
}

/**
 * The owner of a row with the nil uuid for nobody, written exactly as contact_search's trigram indexes lead with it
 * and its statistics are kept (services/projector/src/read-models/contact-search/contact-search.schema.ts).
 */
const NOBODY = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`)
const ownerKey = sql`coalesce(s.assigned, ${NOBODY})`

/**
 * Any of several matches (a search over name, DOT, MC...) for the caller. For a rep, the matches a trigram index
 * serves are written once per owner they may see: "theirs and the name contains it, or nobody's and the name
 * contains it, or …", so that the planner reads each from the index that leads with the owner instead of every
 * match of the division (docs/decisions/040); the owners are the contact rule's (contactOwnersOf). PostgreSQL builds a BitmapOr of one OR only: the scope's own "theirs
 * or unassigned" (scopeConditions) keeps its form, which no trigram index has, so the planner does not read the
 * whole of the rep's scope from one. `others` (prefixes served by btree indexes without the owner) stay as they are.
 */
export function anyMatchInScope(
  caller: FilterCaller,
  byTrigrams: RawBuilder<unknown>[],
  others: RawBuilder<unknown>[] = [],
): RawBuilder<unknown> {
  const owners = contactOwnersOf(caller)?.map((owner) => (owner === null ? NOBODY : sql`${owner}::uuid`))
  const trigrams = owners
    ? owners.flatMap((owner) => byTrigrams.map((match) => sql`(${ownerKey} = ${owner} and ${match})`))
    : byTrigrams
  return sql`(${sql.join([...trigrams, ...others], sql` or `)})`
}
