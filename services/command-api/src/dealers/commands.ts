import type { CreateDealer, UpdateDealer } from '@crm/contracts'
import type { Actor, UpdateContactCommand } from '../contacts/commands'

/**
 * Dealer commands on the contact stream. `duplicateOf` is what the route found in the contacts read model: the
 * id of a dealer with the same name, phone and zip the actor can see, or null (a check across streams, so it is
 * a fact handed to the pure decider, not something it looks up).
 */
export type CreateDealerCommand = {
  type: 'CreateDealer'
  actor: Actor
  contactId: string
  data: CreateDealer
  duplicateOf: string | null
}
export type UpdateDealerCommand = {
  type: 'UpdateDealer'
  actor: Actor
  changes: UpdateDealer
  duplicateOf: string | null
}
export type DealerCommand = CreateDealerCommand | UpdateDealerCommand

export type { UpdateContactCommand }
