import { describe, expect, it } from 'vitest'
import { statusChoiceOf, toggleStatusChoice } from './combine-choice'

describe('combine wizard, step 2: a division status chosen from one contact', () => {
  it('leaves every status open while the division has none chosen', () => {
    expect(statusChoiceOf(undefined, 'a')).toBe('open')
  })

  it('shows the chosen one chosen and the other contacts’ statuses of that division disabled', () => {
    expect(statusChoiceOf('a', 'a')).toBe('chosen')
    expect(statusChoiceOf('a', 'b')).toBe('disabled')
  })

  it('chooses, ignores a click on a disabled status, and clears on a second click of the chosen one', () => {
    const chosen = toggleStatusChoice({ 2: 'b' }, 15, 'a')
    expect(chosen).toEqual({ 2: 'b', 15: 'a' })
    expect(toggleStatusChoice(chosen, 15, 'b')).toEqual(chosen)
    expect(toggleStatusChoice(chosen, 15, 'a')).toEqual({ 2: 'b' })
  })
})
