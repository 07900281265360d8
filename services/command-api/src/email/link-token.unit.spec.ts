import { describe, expect, it } from 'vitest'
import { signMessageToken, verifyMessageToken } from './link-token'

const id = '0f9c2d4e-1b2a-4c3d-8e4f-5a6b7c8d9e0f'

describe('recipient link tokens', () => {
  it('name their message and nothing else', () => {
    const token = signMessageToken('secret-a', id)
    expect(verifyMessageToken('secret-a', token)).toBe(id)
    expect(verifyMessageToken('secret-b', token)).toBeNull()
  })

  it('refuse a token moved to another message or altered', () => {
    const token = signMessageToken('secret-a', id)
    const other = signMessageToken('secret-a', '1f9c2d4e-1b2a-4c3d-8e4f-5a6b7c8d9e0f')
    expect(verifyMessageToken('secret-a', `${other.split('.')[0]}.${token.split('.')[1]}`)).toBeNull()
    expect(verifyMessageToken('secret-a', `${token}x`)).toBeNull()
    expect(verifyMessageToken('secret-a', 'not-a-token')).toBeNull()
  })
})
