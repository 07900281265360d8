import { describe, expect, it } from 'vitest'
import { contactClosedBy } from './next-steps'

describe('contacts that take their tasks out of the work', () => {
  it('are Dead or Not Qualified in the division; every other status is worked', () => {
    expect(contactClosedBy(6)).toBe('dead')
    expect(contactClosedBy(7)).toBe('not_qualified')
    expect([1, 2, 3, 4, 5, 8].map(contactClosedBy)).toEqual([null, null, null, null, null, null])
  })
})
