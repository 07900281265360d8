import {
  LOGISTICS_DIVISION_ID,
  logisticsMessages,
  type ContactEvent,
  type UpdateLogisticsCustomer,
} from '@crm/contracts'
import { notFound } from '@crm/platform'
import type { DecideContext } from '../command-handling/decider'
import type { Actor } from './commands'
import { deleteContact, updateContact } from './decide-profile'
import { assertLive } from './rules'
import type { ContactState } from '@crm/contracts'

export type UpdateLogisticsCustomerCommand = {
  type: 'UpdateLogisticsCustomer'
  actor: Actor
  changes: UpdateLogisticsCustomer
}
export type DeleteLogisticsCustomerCommand = { type: 'DeleteLogisticsCustomer'; actor: Actor }
export type LogisticsCustomerCommand = UpdateLogisticsCustomerCommand | DeleteLogisticsCustomerCommand

/** A contact is a logistics customer while it has a standing in the logistics division; otherwise it is missing. */
export function logisticsStatusOf(state: ContactState): number {
  const membership = state.divisions[LOGISTICS_DIVISION_ID]
  if (!membership) throw notFound(logisticsMessages.customerNotFound)
  return membership.statusId
}

/**
 * PATCH /customers-logistic/{id}: an edit of the contact of a logistics customer. The four toggles follow the one
 * rule of every contact edit (withFlagRule, applied by updateContact): accepted only at a status that offers them.
 */
export function updateLogisticsCustomer(
  state: ContactState,
  command: UpdateLogisticsCustomerCommand,
  context: DecideContext,
): ContactEvent[] {
  assertLive(state)
  logisticsStatusOf(state)
  return updateContact(state, { type: 'UpdateContact', actor: command.actor, changes: command.changes }, context)
}

/** DELETE /customers-logistic/multiple: deletes the contact, only if it is a logistics customer. */
export function deleteLogisticsCustomer(state: ContactState, command: DeleteLogisticsCustomerCommand): ContactEvent[] {
  assertLive(state)
  logisticsStatusOf(state)
  return deleteContact(state, { type: 'DeleteContact', actor: command.actor })
}

export function decideLogisticsCustomer(
  state: ContactState,
  command: LogisticsCustomerCommand,
  context: DecideContext,
): ContactEvent[] {
  return command.type === 'UpdateLogisticsCustomer'
    ? updateLogisticsCustomer(state, command, context)
    : deleteLogisticsCustomer(state, command)
}
