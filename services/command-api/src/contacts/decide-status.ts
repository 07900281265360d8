import { ContactStatus, GIVE_UP_OTHER, LOGISTICS_DIVISION_ID, messages, type ContactEvent } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type {
  ChangeStatusCommand,
  ContractLostCommand,
  GiveUpCommand,
  MarkDeadCommand,
  MarkNotQualifiedCommand,
} from './commands'
import { assertEnoughCallAttempts, assertGivesUpFromWorkedStatus } from './give-up'
import { assertLive, assertNotAlready, assertNotExecutive, blankToNull, membershipIn } from './rules'
import type { ContactState } from '@crm/contracts'

/** Statuses change-contact-status offers (docs/product.md 4); Pending only in the logistics division. */
const offered: number[] = [
  ContactStatus.Lead,
  ContactStatus.Prospect,
  ContactStatus.Account,
  ContactStatus.ManagersBucket,
  ContactStatus.Inactive,
]

/**
 * change-contact-status: a manager's direct move between the offered statuses, in any division but the
 * executive one. A division the contact is not in yet is joined with that status (from "none"). Moving to
 * Manager's Bucket unassigns the contact, unless the bulk "without additional actions" variant is used.
 */
export function changeStatus(state: ContactState, command: ChangeStatusCommand): ContactEvent[] {
  assertLive(state)
  const { divisionId, statusId } = command
  assertNotExecutive(divisionId)
  if (statusId === ContactStatus.Pending) {
    if (divisionId !== LOGISTICS_DIVISION_ID) throw new DomainError(messages.pendingOnlyLogistics)
  } else if (!offered.includes(statusId)) {
    throw new DomainError(messages.statusNotOffered)
  }
  const membership = state.divisions[divisionId]
  if (membership) assertNotAlready(membership, statusId)
  const previous = membership?.assigned ?? null
  const unassigns = statusId === ContactStatus.ManagersBucket && !command.withoutAdditionalActions
  return [
    {
      type: 'ContactStatusChanged',
      data: {
        contactId: state.contactId!,
        divisionId,
        fromStatusId: membership?.statusId ?? null,
        toStatusId: statusId,
        withoutAdditionalActions: command.withoutAdditionalActions,
        assigned: unassigns ? null : previous,
        creationDate: command.creationDate,
      },
    },
  ]
}

/** Dead and Not Qualified close the contact in the division, from any status but the same one. */
export function markClosed(state: ContactState, command: MarkDeadCommand | MarkNotQualifiedCommand): ContactEvent[] {
  assertLive(state)
  assertNotExecutive(command.divisionId)
  const membership = membershipIn(state, command.divisionId)
  const to = command.type === 'MarkContactDead' ? ContactStatus.Dead : ContactStatus.NotQualified
  assertNotAlready(membership, to)
  const data = {
    contactId: state.contactId!,
    divisionId: command.divisionId,
    fromStatusId: membership.statusId,
    toStatusId: to,
    notes: blankToNull(command.notes),
  }
  return [
    command.type === 'MarkContactDead'
      ? { type: 'ContactMarkedDead', data }
      : { type: 'ContactMarkedNotQualified', data },
  ]
}

/**
 * Give up (docs/product.md 3-5): a reason ('Other' needs notes) and at least min_call_attempts outgoing calls in the
 * division. The contact goes to Manager's Bucket, unassigned, for the manager to hand to someone else.
 */
export function giveUp(state: ContactState, command: GiveUpCommand): ContactEvent[] {
  assertLive(state)
  assertNotExecutive(command.divisionId)
  const membership = membershipIn(state, command.divisionId)
  assertGivesUpFromWorkedStatus(membership.statusId)
  const reason = blankToNull(command.giveUpReason)
  if (!reason) throw new FieldRuleError('giveUpReason', messages.giveUpReasonRequired)
  const note = blankToNull(command.otherReasonNote)
  if (reason === GIVE_UP_OTHER && !note) throw new FieldRuleError('otherReasonNote', messages.giveUpNotesRequired)
  assertEnoughCallAttempts(membership.callAttempts, command.minCallAttempts)
  return [
    {
      type: 'ContactGivenUp',
      data: {
        contactId: state.contactId!,
        divisionId: command.divisionId,
        fromStatusId: membership.statusId,
        toStatusId: ContactStatus.ManagersBucket,
        giveUpReason: reason,
        otherReasonNote: reason === GIVE_UP_OTHER ? note : null,
        callAttempts: membership.callAttempts,
        minCallAttempts: command.minCallAttempts,
        previousAssigned: membership.assigned,
      },
    },
  ]
}

/** Contract lost: an Account becomes Inactive, with when and why, and when to try to win it again. */
export function markContractLost(state: ContactState, command: ContractLostCommand): ContactEvent[] {
  assertLive(state)
  assertNotExecutive(command.divisionId)
  const membership = membershipIn(state, command.divisionId)
  if (membership.statusId !== ContactStatus.Account) throw new DomainError(messages.contractLostOnlyAccounts)
  return [
    {
      type: 'ContactContractLost',
      data: {
        contactId: state.contactId!,
        divisionId: command.divisionId,
        fromStatusId: membership.statusId,
        toStatusId: ContactStatus.Inactive,
        dateToFollowUp: command.dateToFollowUp,
        dateLost: command.dateLost,
        lostReason: command.lostReason,
        notes: blankToNull(command.notes),
        creationDateStatusChanges: command.creationDateStatusChanges,
      },
    },
  ]
}
