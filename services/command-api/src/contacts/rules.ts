import { EXECUTIVE_DIVISION_ID, contactStatusNames, messages, type ContactStatusId } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { ContactState, DivisionMembership } from './state'

/** The contact exists and is neither deleted nor combined into another: anything may be decided on it. */
export function assertLive(state: ContactState): void {
  if (!state.created || state.deleted) throw notFound('Contact not found')
  if (state.mergedInto) throw new DomainError(messages.contactMerged)
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
