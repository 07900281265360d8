import { expectationPeriods, messages, type UserEvent, type UserExpectations } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import type { UserCommand } from './commands'
import { evolveUser } from './evolve'
import { initialUserState, type UserState } from './state'

export type { RegisterUserCommand, UserCommand } from './commands'

export const userAlreadyRegistered = 'User already exists'
export const userNotFound = 'User not found'
export const userInactive = 'This user is deactivated'

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join()

const sameExpectations = (a: UserExpectations, b: UserExpectations) =>
  expectationPeriods.every((period) => a[period] === b[period])

export function decideUser(state: UserState, command: UserCommand, { now }: DecideContext): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.registered) throw new DomainError(userAlreadyRegistered)
    const { email, managerId, ...rest } = command.data
    return [
      {
        type: 'UserRegistered',
        data: { ...rest, email: email.trim().toLowerCase(), ...(managerId ? { managerId } : {}) },
      },
    ]
  }
  if (command.type === 'ResetPassword') {
    // One answer for every way a link can be wrong: nothing to learn from probing.
    const token = state.registered && state.active ? state.openResetTokens[command.data.tokenId] : undefined
    if (!token || Date.parse(token.expiresAt) <= now.getTime()) throw new DomainError(messages.passwordResetFailed)
    return [
      {
        type: 'UserPasswordChanged',
        data: {
          userId: state.userId!,
          passwordHash: command.data.passwordHash,
          by: 'reset',
          resetTokenId: command.data.tokenId,
        },
      },
    ]
  }
  if (!state.registered) throw new DomainError(userNotFound)
  const userId = state.userId!

  switch (command.type) {
    case 'UpdateUser': {
      const c = command.data
      const events: UserEvent[] = []
      const details = {
        userId,
        email: c.email?.trim().toLowerCase() ?? state.email,
        name: c.name ?? state.name,
        divisionId: c.divisionId ?? state.divisionId,
        managerId: c.managerId === undefined ? state.managerId : c.managerId,
      }
      if (details.managerId === userId) throw new DomainError('A user cannot be their own manager')
      const changed =
        details.email !== state.email ||
        details.name !== state.name ||
        details.divisionId !== state.divisionId ||
        details.managerId !== state.managerId
      if (changed) events.push({ type: 'UserDetailsChanged', data: details })
      if (c.permissions && !sameSet(c.permissions, state.permissions)) {
        events.push({ type: 'UserPermissionsChanged', data: { userId, permissions: [...new Set(c.permissions)] } })
      }
      if (c.active === false && state.active) events.push({ type: 'UserDeactivated', data: { userId } })
      if (c.active === true && !state.active) events.push({ type: 'UserReactivated', data: { userId } })
      // Targets live on the profile: the same fact as the user setting them, the author is in the metadata.
      if (c.expectations && !sameExpectations(c.expectations, state.profile.expectations)) {
        events.push({
          type: 'UserProfileUpdated',
          data: { userId, ...state.profile, expectations: c.expectations },
        })
      }
      return events
    }
    case 'UpdateProfile': {
      const p = command.data
      const pick = <K extends keyof typeof state.profile>(key: K) =>
        p[key] === undefined ? state.profile[key] : ((p[key] || null) as (typeof state.profile)[K])
      return [
        {
          type: 'UserProfileUpdated',
          data: {
            userId,
            phoneNumber: pick('phoneNumber'),
            activePhone: pick('activePhone'),
            officeExt: pick('officeExt'),
            signature: pick('signature'),
            expectations: p.expectations ?? state.profile.expectations,
          },
        },
      ]
    }
    case 'UpdateOptions': {
      // Options merge: a screen that knows two switches must not wipe the others.
      const options = { ...state.options, ...command.data.options }
      if (Object.keys(options).length > 50) throw new DomainError(messages.userOptionsFailed)
      return [{ type: 'UserOptionsUpdated', data: { userId, options } }]
    }
    case 'ChangePassword':
      return [{ type: 'UserPasswordChanged', data: { userId, ...command.data } }]
    case 'RequestPasswordReset':
      if (!state.active) return []
      return [{ type: 'PasswordResetRequested', data: { userId, ...command.data } }]
    case 'RecordLoginAs':
      if (!state.active) throw new DomainError(userInactive)
      return [{ type: 'UserLoggedInAs', data: { userId, byUserId: command.data.byUserId } }]
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
}
