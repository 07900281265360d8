import { ContactStatus, messages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { assertEnoughCallAttempts, assertGivesUpFromWorkedStatus } from './give-up'

describe('give up after N call attempts', () => {
  it('refuses fewer call attempts than the division asks, saying how many were made and are needed', () => {
    expect(() => assertEnoughCallAttempts(2, 3)).toThrow(messages.notEnoughCallAttempts(2, 3))
  })
  it('allows exactly the attempts asked, or more, and any number when the division asks none', () => {
    expect(() => assertEnoughCallAttempts(3, 3)).not.toThrow()
    expect(() => assertEnoughCallAttempts(7, 3)).not.toThrow()
    expect(() => assertEnoughCallAttempts(0, 0)).not.toThrow()
  })
  it('is offered from Lead, Prospect and Account only', () => {
    for (const status of [ContactStatus.Lead, ContactStatus.Prospect, ContactStatus.Account]) {
      expect(() => assertGivesUpFromWorkedStatus(status)).not.toThrow()
    }
    for (const status of [ContactStatus.ManagersBucket, ContactStatus.Inactive, ContactStatus.Dead]) {
      expect(() => assertGivesUpFromWorkedStatus(status)).toThrow(messages.statusNotOffered)
    }
  })
})
