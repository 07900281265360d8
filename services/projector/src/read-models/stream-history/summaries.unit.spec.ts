import { describe, expect, it } from 'vitest'
import { humanizeEventType, summarize, withoutSecrets } from './summaries'

describe('history summaries', () => {
  it('says what a contact was created as, and where', () => {
    expect(summarize({ type: 'ContactCreated', data: { name: 'Acme Trucking', statusId: 1, divisionId: 15 } })).toBe(
      'Created contact Acme Trucking as Lead in division 15',
    )
    expect(summarize({ type: 'ContactCreated', data: { name: 'Blue Line', statusId: 4, divisionId: 2 } })).toBe(
      "Created contact Blue Line as Manager's Bucket in division 2",
    )
  })

  it('names a registered user by name and email', () => {
    expect(summarize({ type: 'UserRegistered', data: { name: 'Sam Rep', email: 'sam@example.com' } })).toBe(
      'Registered user Sam Rep (sam@example.com)',
    )
  })

  it('falls back to the event type in words for types without a summary, or a payload it cannot read', () => {
    expect(humanizeEventType('ContactStatusChanged')).toBe('Contact status changed')
    expect(humanizeEventType('MCNumberVerified')).toBe('Mc number verified')
    expect(summarize({ type: 'TaskCompleted', data: {} })).toBe('Task completed')
    expect(summarize({ type: 'ContactCreated', data: null })).toBe('Contact created')
  })

  it('keeps credentials out of the history at any depth', () => {
    expect(
      withoutSecrets({
        email: 'a@b.c',
        passwordHash: 'x',
        nested: { resetToken: 't', keep: 1 },
        list: [{ secret: 's', ok: 2 }],
      }),
    ).toEqual({
      email: 'a@b.c',
      nested: { keep: 1 },
      list: [{ ok: 2 }],
    })
  })
})
