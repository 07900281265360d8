import {
  EXECUTIVE_DIVISION_ID,
  canSeeContact,
  contactStatusNames,
  messages,
  type Caller,
  type ContactStatusId,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { ContactState, DivisionMembership } from '@crm/contracts'

/** The contact exists and is neither deleted nor combined into another: anything may be decided on it. */
export function assertLive(state: ContactState): void {
  if (!state.created || state.deleted) throw notFound('Contact not found')
  if (state.mergedInto) throw new DomainError(messages.contactMerged)
}

/**
 * The visibility policy on the write side: a contact the actor may not see is answered as a missing one (404)
 * and nothing is decided on it, whatever the command.
 */
export function assertVisibleTo(state: ContactState, actor: Caller): void {
  if (!state.created || state.deleted) return
  const standings = Object.entries(state.divisions).map(([divisionId, m]) => ({
    divisionId: Number(divisionId),
    assigned: m.assigned,
  }))
  if (!canSeeContact(actor, standings)) throw notFound('Contact not found')
}

/** Status work is divisional; the executive division only looks (docs/product.md 6). */
export function assertNotExecutive(divisionId: number): void {
  if (divisionId === EXECUTIVE_DIVISION_ID) throw new DomainError(messages.executiveDivisionStatus)
}

export function membershipIn(state: ContactState, divisionId: number): DivisionMembership {
  const membership = state.divisions[divisionId]
  if (!membership) throw new DomainError(messages.notInDivision)
  return membership
}

export const statusLabel = (statusId: number) => contactStatusNames[statusId as ContactStatusId] ?? `status ${statusId}`

export function assertNotAlready(membership: DivisionMembership, statusId: number): void {
  if (membership.statusId === statusId) throw new DomainError(messages.alreadyInStatus(statusLabel(statusId)))
}

/** Optional texts arrive blank from cleared inputs: one kind of "empty" in events. */
export const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim()
