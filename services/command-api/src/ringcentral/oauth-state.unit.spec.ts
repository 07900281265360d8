import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newSignIn, STATE_TTL_MS, verifierForState } from './oauth-state'
import { seal, unseal } from './token-seal'

const key = randomBytes(32)

describe('the OAuth state and PKCE verifier', () => {
  it('gives the verifier back only to the user the state was signed for, before it expires', () => {
    const now = Date.now()
    const { state, codeChallenge } = newSignIn(key, 'rep', now)
    const verifier = verifierForState(key, state, 'rep', now)
    expect(verifier).toMatch(/^[\w-]{43}$/)
    expect(codeChallenge).not.toBe(verifier)
    expect(verifierForState(key, state, 'other', now)).toBeNull()
    expect(verifierForState(key, `${state}x`, 'rep', now)).toBeNull()
    expect(verifierForState(randomBytes(32), state, 'rep', now)).toBeNull()
    expect(verifierForState(key, state, 'rep', now + STATE_TTL_MS + 1)).toBeNull()
  })
})

describe('sealed tokens', () => {
  it('open under their key only', () => {
    const sealed = seal(key, { access_token: 'a', refresh_token: 'r' })
    expect(sealed).not.toContain('refresh')
    expect(unseal(key, sealed)).toEqual({ access_token: 'a', refresh_token: 'r' })
    expect(unseal(randomBytes(32), sealed)).toBeNull()
    expect(unseal(key, 'v1.x.y.z')).toBeNull()
  })
})
