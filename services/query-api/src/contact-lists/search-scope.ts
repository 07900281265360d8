import { forbidden } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { FilterCaller } from '../advanced-search/filter-sql'
import type { SearchOptions } from './search-options'

/**
 * Which contact_search rows exist for the caller (docs/product.md section 6): reps see their own and unassigned
 * contacts of their division, managers the whole division, executives every division. `masterData`
 * searches (Advanced Search) without a division filter read one row per contact across all divisions.
 */
export function scopeConditions(
  caller: FilterCaller,
  options: Pick<SearchOptions, 'filter'>,
  mode: { acrossDivisions?: boolean; masterData?: boolean },
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`not s.deleted`]
  const wanted = options.filter.divisionId
  if (wanted !== undefined && wanted !== caller.divisionId && !caller.seesAllDivisions) throw forbidden()
  if (caller.seesAllDivisions && wanted === undefined && mode.masterData) conditions.push(sql`s.is_primary`)
  else if (!(caller.seesAllDivisions && wanted === undefined && mode.acrossDivisions)) {
    conditions.push(sql`s.division_id = ${wanted ?? caller.divisionId}`)
  }
  if (!caller.seesWholeDivision) {
    conditions.push(sql`(s.assigned = ${caller.userId}::uuid or s.assigned is null)`)
  }
  return conditions
}
