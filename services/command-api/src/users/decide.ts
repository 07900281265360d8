import type { PermissionKey } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import { initialUserState, type UserState } from './state'
import { evolveUser } from './evolve'
import type { UserEvent } from './users.events'

/** The password arrives already hashed: hashing is slow I/O-like work that a pure decider does not do. */
export type RegisterUserCommand = {
  type: 'RegisterUser'
  data: {
    userId: string
    email: string
    name: string
    divisionId: number
    permissions: PermissionKey[]
    passwordHash: string
  }
}
export type UserCommand = RegisterUserCommand

export const userAlreadyRegistered = 'User already exists'

export function decideUser(state: UserState, command: UserCommand, _context: DecideContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.registered) throw new DomainError(userAlreadyRegistered)
      const { email, ...rest } = command.data
      return [{ type: 'UserRegistered', data: { ...rest, email: email.trim().toLowerCase() } }]
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
}
