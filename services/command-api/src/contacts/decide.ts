import type { ContactEvent } from '@crm/contracts'
import type { DecideContext, Decider } from '../command-handling/decider'
import type { ContactCommand } from './commands'
import { editActivity, inactivateActivity, linkAttachments, logActivity } from './decide-activity'
import { combineContacts, mergeInto } from './decide-combine'
import { convertContact } from './decide-convert'
import { decideDetails } from './decide-details'
import { editDivisionRecord } from './decide-division-record'
import { assignContact, unassignContact } from './decide-membership'
import { decideNotes } from './decide-notes'
import { createContact, deleteContact, erasePersonalData, updateContact } from './decide-profile'
import { changeStatus, giveUp, markClosed, markContractLost } from './decide-status'
import { decideLogisticsCustomer } from './decide-logistics-customer'
import { recordCreditApplication } from './decide-flags'
import { evolveContact } from '@crm/contracts'
import { assertVisibleTo } from './rules'
import { initialContactState, type ContactState } from '@crm/contracts'

export { contactAlreadyExists } from './decide-profile'

/** The contact aggregate: every rule of its life is decided here, from its own stream (pure). */
export function decideContact(state: ContactState, command: ContactCommand, context: DecideContext): ContactEvent[] {
  if (command.type !== 'CreateContact') assertVisibleTo(state, command.actor)
  switch (command.type) {
    case 'CreateContact':
      return createContact(state, command)
    case 'UpdateContact':
      return updateContact(state, command, context)
    case 'DeleteContact':
      return deleteContact(state, command)
    case 'ErasePersonalData':
      return erasePersonalData(state, command)
    case 'ConvertContact':
      return convertContact(state, command)
    case 'ChangeContactStatus':
      return changeStatus(state, command)
    case 'MarkContactDead':
    case 'MarkContactNotQualified':
      return markClosed(state, command)
    case 'GiveUpContact':
      return giveUp(state, command)
    case 'MarkContractLost':
      return markContractLost(state, command)
    case 'AssignContact':
      return assignContact(state, command)
    case 'UnassignContact':
      return unassignContact(state, command)
    case 'EditDivisionRecord':
      return editDivisionRecord(state, command)
    case 'LogActivity':
      return logActivity(state, command, context)
    case 'EditActivity':
      return editActivity(state, command, context)
    case 'InactivateActivity':
      return inactivateActivity(state, command)
    case 'LinkAttachments':
      return linkAttachments(state, command)
    case 'AddSharedNote':
    case 'RemoveSharedNote':
    case 'AddComment':
    case 'RemoveComment':
      return decideNotes(state, command)
    case 'CombineContacts':
      return combineContacts(state, command)
    case 'MergeContactInto':
      return mergeInto(state, command)
    case 'UpdateLogisticsCustomer':
    case 'DeleteLogisticsCustomer':
      return decideLogisticsCustomer(state, command, context)
    case 'RecordCreditApplication':
      return recordCreditApplication(state, command)
    default:
      return decideDetails(state, command)
  }
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState: initialContactState,
  evolve: evolveContact,
  // A create needs no read of its (new) stream before the append (command-handling/handle-command.ts).
  startsStream: (command) => command.type === 'CreateContact',
  decide: decideContact,
}
