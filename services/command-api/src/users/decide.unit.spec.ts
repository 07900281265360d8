import { DomainError } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { userAlreadyRegistered, userDecider, type RegisterUserCommand } from './decide'
import type { UserEvent } from './users.events'

const context = { now: new Date('2025-03-01T10:00:00Z'), ids: idsFor('test') }
const given = (events: UserEvent[]) => {
  const state = events.reduce(userDecider.evolve, userDecider.initialState)
  return { when: (command: RegisterUserCommand) => () => userDecider.decide(state, command, context) }
}
const register: RegisterUserCommand = {
  type: 'RegisterUser',
  data: {
    userId: '5d2c7f2e-8a4b-4f1e-9c3d-2b1a0f9e8d7c',
    email: ' Admin@Example.COM ',
    name: 'Admin',
    divisionId: 15,
    permissions: ['admin'],
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
  },
}

describe('user decider: RegisterUser', () => {
  it('registers the user with a normalized email and only the password hash', () => {
    expect(given([]).when(register)()).toEqual([
      { type: 'UserRegistered', data: { ...register.data, email: 'admin@example.com' } },
    ])
  })

  it('refuses a second registration of the same user', () => {
    const [registered] = given([]).when(register)()
    const then = given([registered!]).when(register)
    expect(then).toThrow(DomainError)
    expect(then).toThrow(userAlreadyRegistered)
  })
})
