import { messages } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { userAlreadyRegistered, userDecider, userNotFound, type RegisterUserCommand, type UserCommand } from './decide'
import type { UserEvent } from './users.events'

const now = new Date('2025-03-01T10:00:00Z')
const context = { now, ids: idsFor('test') }
const given = (events: UserEvent[]) => {
  const state = events.reduce(userDecider.evolve, userDecider.initialState)
  return { when: (command: UserCommand) => () => userDecider.decide(state, command, context) }
}
const userId = '5d2c7f2e-8a4b-4f1e-9c3d-2b1a0f9e8d7c'
const managerId = '0a1b2c3d-0000-4000-8000-000000000001'
const register: RegisterUserCommand = {
  type: 'RegisterUser',
  data: {
    userId,
    email: ' Admin@Example.COM ',
    name: 'Admin',
    divisionId: 15,
    permissions: ['admin'],
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
  },
}
const registered: UserEvent = { type: 'UserRegistered', data: { ...register.data, email: 'admin@example.com' } }

describe('user decider: RegisterUser', () => {
  it('registers the user with a normalized email and only the password hash', () => {
    expect(given([]).when(register)()).toEqual([registered])
  })

  it('keeps the manager when one is given', () => {
    const [event] = given([]).when({ ...register, data: { ...register.data, managerId } })()
    expect(event).toMatchObject({ data: { managerId } })
  })

  it('refuses a second registration of the same user', () => {
    const then = given([registered]).when(register)
    expect(then).toThrow(DomainError)
    expect(then).toThrow(userAlreadyRegistered)
  })
})

describe('user decider: UpdateUser', () => {
  it('records only what changed, each as its own fact', () => {
    const events = given([registered]).when({
      type: 'UpdateUser',
      data: { name: 'Admin', divisionId: 2, managerId, permissions: ['admin', 'manager'], active: false },
    })()
    expect(events).toEqual([
      {
        type: 'UserDetailsChanged',
        data: { userId, email: 'admin@example.com', name: 'Admin', divisionId: 2, managerId },
      },
      { type: 'UserPermissionsChanged', data: { userId, permissions: ['admin', 'manager'] } },
      { type: 'UserDeactivated', data: { userId } },
    ])
  })

  it('changes nothing when nothing differs, and reactivates a deactivated user', () => {
    expect(given([registered]).when({ type: 'UpdateUser', data: { name: 'Admin', permissions: ['admin'] } })()).toEqual(
      [],
    )
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } }
    expect(given([registered, deactivated]).when({ type: 'UpdateUser', data: { active: true } })()).toEqual([
      { type: 'UserReactivated', data: { userId } },
    ])
  })

  it('records new expectations on the profile, keeping the rest of it, and nothing when they are the same', () => {
    const profile = given([registered]).when({ type: 'UpdateProfile', data: { officeExt: '12' } })()
    const targets = { day: 8, week: 40, month: 160, year: 2000 }
    const events = given([registered, ...profile]).when({ type: 'UpdateUser', data: { expectations: targets } })()
    expect(events).toEqual([
      {
        type: 'UserProfileUpdated',
        data: { userId, phoneNumber: null, activePhone: null, officeExt: '12', signature: null, expectations: targets },
      },
    ])
    const again = given([registered, ...profile, ...events]).when({
      type: 'UpdateUser',
      data: { expectations: { ...targets } },
    })
    expect(again()).toEqual([])
  })

  it('refuses unknown users and self-management', () => {
    expect(given([]).when({ type: 'UpdateUser', data: { name: 'X' } })).toThrow(userNotFound)
    expect(given([registered]).when({ type: 'UpdateUser', data: { managerId: userId } })).toThrow('own manager')
  })
})

describe('user decider: profile and options', () => {
  it('keeps profile fields that were not sent and clears emptied ones', () => {
    const first = given([registered]).when({
      type: 'UpdateProfile',
      data: { phoneNumber: '(555) 010-0001', officeExt: '12' },
    })()
    const second = given([registered, ...first]).when({
      type: 'UpdateProfile',
      data: { officeExt: '', signature: 'Best, A' },
    })()
    expect(second).toEqual([
      {
        type: 'UserProfileUpdated',
        data: {
          userId,
          phoneNumber: '(555) 010-0001',
          activePhone: null,
          officeExt: null,
          signature: 'Best, A',
          expectations: {},
        },
      },
    ])
  })

  it('merges options so one screen does not wipe another screen’s switches', () => {
    const first = given([registered]).when({ type: 'UpdateOptions', data: { options: { compactTables: true } } })()
    expect(
      given([registered, ...first]).when({ type: 'UpdateOptions', data: { options: { sharedNotes: false } } })(),
    ).toEqual([{ type: 'UserOptionsUpdated', data: { userId, options: { compactTables: true, sharedNotes: false } } }])
  })

  it('answers "Failed to update user options" beyond 50 options', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`o${i}`, true]))
    expect(given([registered]).when({ type: 'UpdateOptions', data: { options: many } })).toThrow(
      messages.userOptionsFailed,
    )
  })
})

describe('user decider: passwords', () => {
  const tokenId = 'aaaaaaaa-0000-4000-8000-000000000001'
  const requested: UserEvent = {
    type: 'PasswordResetRequested',
    data: { userId, tokenId, expiresAt: '2025-03-01T11:00:00.000Z' },
  }
  const reset: UserCommand = { type: 'ResetPassword', data: { tokenId, passwordHash: 'new-hash' } }

  it('resets with a requested, unexpired token', () => {
    expect(given([registered, requested]).when(reset)()).toEqual([
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'new-hash', by: 'reset', resetTokenId: tokenId } },
    ])
  })

  it('refuses a used token, an unknown one, an expired one, and one issued before a later password change', () => {
    const used: UserEvent = {
      type: 'UserPasswordChanged',
      data: { userId, passwordHash: 'h', by: 'reset', resetTokenId: tokenId },
    }
    const changedBySelf: UserEvent = { type: 'UserPasswordChanged', data: { userId, passwordHash: 'h', by: 'self' } }
    const expired: UserEvent = {
      ...requested,
      data: { ...requested.data, expiresAt: '2025-03-01T09:59:59.000Z' },
    } as UserEvent
    for (const history of [
      [registered, requested, used],
      [registered],
      [registered, expired],
      [registered, requested, changedBySelf],
    ]) {
      expect(given(history).when(reset)).toThrow(messages.passwordResetFailed)
    }
  })

  it('voids an older link once a newer one is requested', () => {
    const newer: UserEvent = {
      type: 'PasswordResetRequested',
      data: { userId, tokenId: 'aaaaaaaa-0000-4000-8000-000000000002', expiresAt: '2025-03-01T11:30:00.000Z' },
    }
    expect(given([registered, requested, newer]).when(reset)).toThrow(messages.passwordResetFailed)
    const withNewer: UserCommand = { type: 'ResetPassword', data: { tokenId: newer.data.tokenId, passwordHash: 'n' } }
    expect(given([registered, requested, newer]).when(withNewer)()).toHaveLength(1)
  })

  it('does not mail deactivated users a link', () => {
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } }
    expect(
      given([registered, deactivated]).when({
        type: 'RequestPasswordReset',
        data: { tokenId, expiresAt: requested.data.expiresAt },
      })(),
    ).toEqual([])
  })

  it('audits login-as with both user ids', () => {
    expect(given([registered]).when({ type: 'RecordLoginAs', data: { byUserId: managerId } })()).toEqual([
      { type: 'UserLoggedInAs', data: { userId, byUserId: managerId } },
    ])
  })
})
