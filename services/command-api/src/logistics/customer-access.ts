import { logisticsMessages } from '@crm/contracts'
import { notFound, type EventStore } from '@crm/platform'
import type { Actor } from '../contacts/commands'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { assertVisibleTo } from '../contacts/rules'
import type { ContactState } from '@crm/contracts'
import { logisticsStatusOf } from '../contacts/decide-logistics-customer'
import { loadAggregate } from '../command-handling/load-aggregate'

/**
 * For records of a logistics customer (its loads): the contact must exist, be in the logistics division and be
 * visible to the actor (the one visibility policy); otherwise 404, exactly as for a missing one.
 */
export async function assertSeesLogisticsCustomer(
  store: EventStore,
  actor: Actor,
  contactId: string,
): Promise<ContactState> {
  const { state } = await loadAggregate(store, contactStreamId(contactId), contactDecider)
  if (!state.created || state.deleted || state.mergedInto) throw notFound(logisticsMessages.customerNotFound)
  assertVisibleTo(state, actor)
  logisticsStatusOf(state)
  return state
}
