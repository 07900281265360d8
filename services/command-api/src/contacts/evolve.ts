import type { ContactEvent } from './contacts.events'
import type { ContactState } from './state'

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactCreated':
      return { ...state, created: true, contactId: event.data.contactId }
    default:
      // Events this version does not know yet change nothing it decides on.
      return state
  }
}
