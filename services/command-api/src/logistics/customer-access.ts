import { logisticsMessages, type ContactEvent } from '@crm/contracts'
import { notFound, type EventStore } from '@crm/platform'
import type { Actor } from '../contacts/commands'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { assertVisibleTo } from '../contacts/rules'
import type { ContactState } from '@crm/contracts'
import { logisticsStatusOf } from '../contacts/decide-logistics-customer'

/**
 * For records of a logistics customer (its loads): the contact must exist, be in the logistics division and be
 * visible to the actor (the one visibility policy); otherwise 404, exactly as for a missing one.
 */
export async function assertSeesLogisticsCustomer(
  store: EventStore,
  actor: Actor,
  contactId: string,
): Promise<ContactState> {
  const history = await store.readStream(contactStreamId(contactId))
  const state = history.reduce(
    (s, e) => contactDecider.evolve(s, e as unknown as ContactEvent),
    contactDecider.initialState,
  )
  if (!state.created || state.deleted || state.mergedInto) throw notFound(logisticsMessages.customerNotFound)
  assertVisibleTo(state, actor)
  logisticsStatusOf(state)
  return state
}
