import type { UserState } from './state'
import type { UserEvent } from './users.events'

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, name, divisionId, permissions, managerId } = event.data
      return {
        ...state,
        registered: true,
        active: true,
        userId,
        email,
        name,
        divisionId,
        permissions,
        managerId: managerId ?? null,
      }
    }
    case 'UserDetailsChanged': {
      const { email, name, divisionId, managerId } = event.data
      return { ...state, email, name, divisionId, managerId }
    }
    case 'UserPermissionsChanged':
      return { ...state, permissions: event.data.permissions }
    case 'UserDeactivated':
      return { ...state, active: false }
    case 'UserReactivated':
      return { ...state, active: true }
    case 'UserProfileUpdated': {
      const { userId: _, ...profile } = event.data
      return { ...state, profile }
    }
    case 'UserOptionsUpdated':
      return { ...state, options: event.data.options }
    case 'UserPasswordChanged':
      return { ...state, openResetTokens: {} }
    case 'PasswordResetRequested':
      // A new link voids every older one: only the last mail sent can reset the password.
      return { ...state, openResetTokens: { [event.data.tokenId]: { expiresAt: event.data.expiresAt } } }
    default:
      return state
  }
}
