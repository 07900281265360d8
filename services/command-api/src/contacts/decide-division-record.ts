import { messages, worksAcrossDivisions, type ContactEvent, type DivisionRecordFields } from '@crm/contracts'
import { forbidden, notFound } from '@crm/platform'
import type { EditDivisionRecordCommand } from './commands'
import { assertEffortLevelFollowsTrucks } from './effort-level'
import { assertLive, assertNotExecutive } from './rules'
import type { ContactState } from '@crm/contracts'

const fields = ['grade', 'effortLevel', 'stage'] as const satisfies readonly (keyof DivisionRecordFields)[]

/**
 * PATCH /contact-divisions/{contactId}/{divisionId}: grade, effort level and stage of the contact in one division,
 * kept up to date after conversion. Who may: whoever may see the contact, in their own division (executives and
 * administrators in any). The effort level of an auto-rated company type follows its trucks and is never chosen
 * (docs/product.md 9), here as in Convert. Values equal to the current ones are no change; an edit that changes
 * nothing appends nothing.
 */
export function editDivisionRecord(state: ContactState, command: EditDivisionRecordCommand): ContactEvent[] {
  assertLive(state)
  const { actor, divisionId } = command
  assertNotExecutive(divisionId)
  const membership = state.divisions[divisionId]
  if (!membership) throw notFound(messages.notInDivision)
  if (!worksAcrossDivisions(actor) && actor.divisionId !== divisionId) {
    throw forbidden('Only the division itself changes its record of a contact')
  }
  const previous: DivisionRecordFields = {
    grade: membership.grade,
    effortLevel: membership.effortLevel,
    stage: membership.stage,
  }
  const changes: Partial<DivisionRecordFields> = {}
  for (const field of fields) {
    const value = command.changes[field]
    if (value !== undefined && value !== previous[field]) changes[field] = value
  }
  assertEffortLevelFollowsTrucks(state.profile!, changes.effortLevel)
  if (Object.keys(changes).length === 0) return []
  return [
    {
      type: 'ContactDivisionRecordEdited',
      data: { contactId: state.contactId!, divisionId, statusId: membership.statusId, changes, previous },
    },
  ]
}
