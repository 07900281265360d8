import type { UserEvent } from './users.events'
import type { UserState } from './state'

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true }
    default:
      return state
  }
}
