import { ContactStatus, messages } from '@crm/contracts'
import { DomainError } from '@crm/platform'

/** Statuses a rep can give up from: the ones they work. */
const workedStatuses: number[] = [ContactStatus.Lead, ContactStatus.Prospect, ContactStatus.Account]

/** Give up is offered only from a worked status (Lead, Prospect, Account). */
export function assertGivesUpFromWorkedStatus(statusId: number): void {
  if (!workedStatuses.includes(statusId)) throw new DomainError(messages.statusNotOffered)
}

/**
 * Give up after N call attempts (docs/product.md 3-5): at least the division's min_call_attempts outgoing calls,
 * counted on the contact's stream in that division, before a rep may give a contact up.
 */
export function assertEnoughCallAttempts(callAttempts: number, minCallAttempts: number): void {
  if (callAttempts < minCallAttempts) {
    throw new DomainError(messages.notEnoughCallAttempts(callAttempts, minCallAttempts))
  }
}
