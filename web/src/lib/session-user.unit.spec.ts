import { sessionUserSchema } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { isSessionUser } from './session-user'

const user = { userId: 'u1', name: 'Erin Rep', email: 'erin@example.com', divisionId: 15, permissions: ['rep'] }

describe('isSessionUser', () => {
  it.each([
    ['a whole user', user],
    ['no permissions', { ...user, permissions: undefined }],
    ['a division as text', { ...user, divisionId: '15' }],
    ['a permission that is not text', { ...user, permissions: ['rep', 3] }],
    ['no name', { ...user, name: undefined }],
    ['nothing', null],
    ['a string', 'user'],
  ])('agrees with sessionUserSchema on %s', (_, value) => {
    expect(isSessionUser(value)).toBe(sessionUserSchema.safeParse(value).success)
  })
})
