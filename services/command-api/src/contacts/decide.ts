import type { ContactFields } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import type { ContactCommand, CreateContactCommand } from './commands'
import type { ContactCreated, ContactEvent } from './contacts.events'
import { evolveContact } from './evolve'
import { initialContactState, type ContactState } from './state'

export const contactAlreadyExists = 'Contact already exists'

export function decideContact(state: ContactState, command: ContactCommand, _context: DecideContext): ContactEvent[] {
  switch (command.type) {
    case 'CreateContact':
      return createContact(state, command)
  }
}

function createContact(state: ContactState, { contactId, data, actor }: CreateContactCommand): ContactCreated[] {
  if (state.created) throw new DomainError(contactAlreadyExists)
  const { divisionId, statusId, assigned, ...fields } = data
  return [
    {
      type: 'ContactCreated',
      data: {
        ...normalize(fields),
        contactId,
        divisionId: divisionId ?? actor.divisionId,
        statusId,
        // Omitted means "mine"; an explicit null creates an unassigned contact.
        assigned: assigned === undefined ? actor.userId : assigned,
        importDate: null,
      },
    },
  ]
}

/** Blank optional texts are stored as null, so read models and filters see one kind of "empty". */
function normalize(fields: ContactFields): ContactFields {
  const blankToNull = <T>(value: T): T | null => (typeof value === 'string' && value.trim() === '' ? null : value)
  const out = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, k === 'name' ? v : blankToNull(v)]),
  ) as ContactFields
  if (fields.address) {
    out.address = Object.fromEntries(
      Object.entries(fields.address).map(([k, v]) => [k, blankToNull(v)]),
    ) as ContactFields['address']
  }
  return out
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
}
