import {
  ContactStatus,
  EXECUTIVE_DIVISION_ID,
  effortLevelFromTrucks,
  messages,
  toLessee,
  type ContactEvent,
} from '@crm/contracts'
import { DomainError } from '@crm/platform'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type { ConvertContactCommand } from './commands'
import { assertLive, membershipIn } from './rules'
import type { ContactState } from './state'

const required = <T>(value: T | null | undefined, field: string, message: string): T => {
  if (value === null || value === undefined) throw new FieldRuleError(field, message)
  return value
}

/**
 * Convert (docs/product.md 4): Lead → Prospect needs effort level, grade and prospect source; Prospect → Account
 * needs account source and preferred language; Lead → unassigned Prospect needs prospect source and grade.
 * A Lead needs an activity in the division first. Never in the executive division, for Accounts, or for
 * Pending (the logistics status). Effort level of an auto-rated company type follows its trucks.
 */
export function convertContact(state: ContactState, command: ConvertContactCommand): ContactEvent[] {
  assertLive(state)
  const { divisionId, actor } = command
  if (divisionId === EXECUTIVE_DIVISION_ID) throw new DomainError(messages.convertNotInExecutive)
  const membership = membershipIn(state, divisionId)
  const from = membership.statusId
  if (from === ContactStatus.Account) throw new DomainError(messages.convertNotForAccounts)
  if (from === ContactStatus.Pending) throw new DomainError(messages.convertNotForPending)
  if (from !== ContactStatus.Lead && from !== ContactStatus.Prospect) {
    throw new DomainError(messages.convertOnlyLeadsAndProspects)
  }
  const to = command.unassigned ? ContactStatus.Prospect : command.toStatusId
  if (to !== from + 1) throw new DomainError(messages.statusNotOffered)
  if (from === ContactStatus.Lead && membership.activities === 0) throw new DomainError(messages.noActivityForContact)

  const profile = state.profile!
  let effortLevel: number | null = null
  let grade: number | null = null
  let prospectSource: number | null = null
  let accountSource: number | null = null
  let nationalityId: number | null = null
  if (to === ContactStatus.Prospect) {
    if (!command.unassigned) effortLevel = decideEffortLevel(state, command.effortLevel)
    grade = required(command.grade, 'grade', messages.gradeRequired)
    prospectSource = required(command.prospectSource, 'prospectSource', messages.prospectSourceRequired)
  } else {
    accountSource = required(command.accountSource, 'accountSource', messages.accountSourceRequired)
    nationalityId = required(command.nationalityId, 'nationalityId', messages.preferredLanguageRequired)
  }
  const lessee = command.lessee && to === ContactStatus.Account ? toLessee(command.lessee) : null
  const events: ContactEvent[] = [
    {
      type: 'ContactConverted',
      data: {
        contactId: state.contactId!,
        divisionId,
        fromStatusId: from,
        toStatusId: to,
        contactCategory: command.contactCategory ?? profile.contactCategory ?? 1,
        effortLevel,
        grade,
        prospectSource,
        accountSource,
        nationalityId,
        lessee,
        unassigned: command.unassigned ?? false,
        // Converting an unassigned Lead claims it; an unassigned Prospect goes to the division's pool.
        assigned: command.unassigned ? null : (membership.assigned ?? actor.userId),
        creationDate: command.creationDate,
      },
    },
  ]
  if (lessee) events.push({ type: 'LesseeSet', data: { contactId: state.contactId!, lessee } })
  return events
}

/** The effort level chosen, or for an auto-rated company type the one its trucks give (never another). */
function decideEffortLevel(state: ContactState, chosen: number | null | undefined): number {
  const profile = state.profile!
  const rated = effortLevelFromTrucks(profile.companyTypeId, profile.numberOfTrucks)
  if (rated === null) return required(chosen, 'effortLevel', messages.effortLevelRequired)
  if (chosen !== null && chosen !== undefined && chosen !== rated) {
    throw new FieldRuleError('effortLevel', messages.effortLevelLocked)
  }
  return rated
}
