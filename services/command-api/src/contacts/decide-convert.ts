import { ContactStatus, EXECUTIVE_DIVISION_ID, messages, toLessee, type ContactEvent } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type { ConvertContactCommand } from './commands'
import { assertEffortLevelFollowsTrucks, ratedEffortLevel } from './effort-level'
import { assertLive, membershipIn } from './rules'
import type { ContactState } from '@crm/contracts'

/** Collects every missing field of a conversion, so that one answer names them all. */
function requirements() {
  const missing: Record<string, string> = {}
  return {
    need<T>(value: T | null | undefined, field: string, message: string): T | null {
      if (value === null || value === undefined) missing[field] = message
      return value ?? null
    },
    check(): void {
      if (Object.keys(missing).length > 0) throw new FieldRuleError(missing)
    },
  }
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
  const required = requirements()
  if (to === ContactStatus.Prospect) {
    if (!command.unassigned) effortLevel = decideEffortLevel(state, command.effortLevel, required.need)
    grade = required.need(command.grade, 'grade', messages.gradeRequired)
    prospectSource = required.need(command.prospectSource, 'prospectSource', messages.prospectSourceRequired)
  } else {
    accountSource = required.need(command.accountSource, 'accountSource', messages.accountSourceRequired)
    nationalityId = required.need(command.nationalityId, 'nationalityId', messages.preferredLanguageRequired)
  }
  required.check()
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
function decideEffortLevel(
  state: ContactState,
  chosen: number | null | undefined,
  need: ReturnType<typeof requirements>['need'],
): number | null {
  const profile = state.profile!
  const rated = ratedEffortLevel(profile)
  if (rated === null) return need(chosen, 'effortLevel', messages.effortLevelRequired)
  assertEffortLevelFollowsTrucks(profile, chosen ?? undefined)
  return rated
}
