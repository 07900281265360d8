import { sql, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'

/**
 * The visibility policy (contracts' canSeeContact) as a SQL condition on a contact id column, for queries that
 * are not served by the list read model's own scope: executives any contact; others a contact of their division
 * and, for reps, theirs or unassigned there.
 */
export function visibleContactSql(viewer: Viewer, contactId: RawBuilder<unknown>): RawBuilder<unknown> {
  if (viewer.seesAllDivisions) return sql`true`
  const mine = viewer.seesWholeDivision ? sql`` : sql`and (vd.assigned is null or vd.assigned = ${viewer.userId}::uuid)`
  return sql`exists (select 1 from contact_divisions vd
    where vd.contact_id = ${contactId} and vd.division_id = ${viewer.divisionId} ${mine})`
}
