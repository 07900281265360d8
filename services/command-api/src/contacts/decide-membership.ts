import { ContactStatus, contactListMessages, maySelectForAssign, messages, type ContactEvent } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { AssignCommand, UnassignCommand } from './commands'
import { assertLive } from './rules'
import type { ContactState } from '@crm/contracts'

/**
 * Assign a contact in a division. From master data a contact not yet in the division joins it as a Lead;
 * otherwise it must be there. Assigning to the current assignee again changes nothing. Without assign-any a rep
 * takes only rows that are unassigned or already theirs ('Unable to select').
 */
export function assignContact(state: ContactState, command: AssignCommand): ContactEvent[] {
  assertLive(state)
  const membership = state.divisions[command.divisionId]
  if (!membership && !command.isMasterDataAssign) throw new DomainError(messages.notInDivision)
  if (membership?.assigned === command.assigned) return []
  if (!maySelectForAssign(command.actor, membership?.assigned ?? null)) {
    throw new DomainError(contactListMessages.unableToSelect)
  }
  return [
    {
      type: 'ContactAssigned',
      data: {
        contactId: state.contactId!,
        divisionId: command.divisionId,
        assigned: command.assigned,
        previousAssigned: membership?.assigned ?? null,
        cscCreationDate: command.cscCreationDate,
        isMasterDataAssign: command.isMasterDataAssign,
        joinedDivision: !membership,
        statusId: membership?.statusId ?? ContactStatus.Lead,
      },
    },
  ]
}

/** Unassign in a division; an unassigned contact stays as it is. */
export function unassignContact(state: ContactState, command: UnassignCommand): ContactEvent[] {
  assertLive(state)
  const membership = state.divisions[command.divisionId]
  if (!membership) throw new DomainError(messages.notInDivision)
  if (!membership.assigned) return []
  return [
    {
      type: 'ContactUnassigned',
      data: { contactId: state.contactId!, divisionId: command.divisionId, previousAssigned: membership.assigned },
    },
  ]
}
