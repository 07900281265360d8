import { describe, expect, it } from 'vitest'
import { messages } from '@crm/contracts'
import { TOAST_ERROR_MS, toastDuration } from './toast-durations'

describe('toast durations of docs/product.md', () => {
  it('uses 3 s by default and the given fallback for errors', () => {
    expect(toastDuration(messages.contactCreated)).toBe(3000)
    expect(toastDuration('Some server message', TOAST_ERROR_MS)).toBe(5000)
  })

  it('keeps the 10 s messages up for 10 s, with their values filled in', () => {
    expect(toastDuration(messages.operationFailed, TOAST_ERROR_MS)).toBe(10_000)
    expect(toastDuration('You have made 2 attempts and 5 attempts are required before giving up')).toBe(10_000)
    expect(toastDuration('You must enter data for payee, paymentDate to be able to mark as read')).toBe(10_000)
  })

  it('shows the zip and radius hints for 2.5 s', () => {
    expect(toastDuration('Zip code must be provided!')).toBe(2500)
  })
})
