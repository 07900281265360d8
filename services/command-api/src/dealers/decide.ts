import { dealerCategories, dealerMessages, type ContactEvent, type UpdateContact, ContactStatus } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'
import { contactDecider } from '../contacts/decide'
import type { ContactState } from '@crm/contracts'
import type { DealerCommand } from './commands'

const isDealer = (state: ContactState): boolean =>
  state.created &&
  !state.deleted &&
  (dealerCategories as readonly number[]).includes(state.profile?.contactCategory ?? 0)

/**
 * A dealer is a contact of category 4 or 5 (docs/decisions/020-dealers-and-expenses.md): its stream, events and
 * read models are the contact's. The dealer's own rules sit in front: a duplicate (same name and phone, and zip
 * when both have one) is refused, and a contact that is not a dealer is not found through the dealer routes.
 */
export function decideDealer(
  state: ContactState,
  command: DealerCommand,
  context: Parameters<typeof contactDecider.decide>[2],
): ContactEvent[] {
  if (command.type === 'CreateDealer') {
    if (command.duplicateOf) throw new DomainError(dealerMessages.duplicate)
    const { data, contactId, actor } = command
    return contactDecider.decide(
      state,
      { type: 'CreateContact', contactId, actor, data: { ...data, statusId: ContactStatus.Lead } },
      context,
    )
  }
  // Visibility first, so a contact the actor may not see is a 404 whatever its category.
  const events = contactDecider.decide(
    state,
    { type: 'UpdateContact', actor: command.actor, changes: command.changes as UpdateContact },
    context,
  )
  if (!isDealer(state)) throw notFound(dealerMessages.notFound)
  if (command.duplicateOf && command.duplicateOf !== state.contactId) throw new DomainError(dealerMessages.duplicate)
  return events
}

export const dealerDecider: Decider<ContactState, DealerCommand, ContactEvent> = {
  initialState: contactDecider.initialState,
  evolve: contactDecider.evolve,
  startsStream: (command) => command.type === 'CreateDealer',
  decide: decideDealer,
}
