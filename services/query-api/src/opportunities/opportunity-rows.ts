import type { OpportunityRow } from '@crm/contracts'
import { sql } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { divisionOrOwnSql } from '../visibility/visibility-sql'

/** The opportunities (alias `o`) a viewer sees: the visibility policy's canSeeOpportunity, as SQL. */
export const visibleOpportunities = (viewer: Viewer) =>
  divisionOrOwnSql(
    viewer,
    sql`o.division_id`,
    sql`(o.user_id = ${viewer.userId}::uuid or o.created_by = ${viewer.userId}::uuid)`,
  )

export type Row = Record<string, unknown>

/** A read-model row (with contact_name and user_name joined) as the API answers it. */
export const toOpportunityRow = (r: Row): OpportunityRow => ({
  id: String(r.opportunity_id),
  contactId: String(r.contact_id),
  contactName: (r.contact_name as string | null) ?? null,
  divisionId: Number(r.division_id),
  opportunityName: String(r.opportunity_name),
  expectedCloseDate: dayOf(r.expected_close_date) ?? '',
  prospectStage: Number(r.prospect_stage),
  probability: Number(r.probability),
  opportunityType: Number(r.opportunity_type),
  amount: Number(r.amount),
  weightedAmount: Math.round(Number(r.amount) * Number(r.probability)) / 100,
  userId: String(r.user_id),
  userName: (r.user_name as string | null) ?? null,
  createdBy: String(r.created_by),
  creationDate: isoOrNull(r.creation_date as string | Date) ?? '',
  stageChangedAt: isoOrNull(r.stage_changed_at as string | Date | null),
})

/**
 * A date column, selected as text (`::text`) so that no driver turns it into a midnight in some time zone, or a
 * Date from a driver that did (at UTC midnight, as PGlite gives them).
 */
export function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10)
}
