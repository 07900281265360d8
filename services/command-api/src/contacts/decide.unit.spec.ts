import { DomainError } from '@crm/platform'
import type { CreateContact } from '@crm/contracts'
import { createContactSchema } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import type { ContactCommand } from './commands'
import type { ContactEvent } from './contacts.events'
import { contactAlreadyExists, contactDecider } from './decide'

const contactId = '0b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59'
const rep = { userId: 'a1c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f60', divisionId: 15 }
const context = { now: new Date('2025-03-01T10:00:00Z'), ids: idsFor('test') }

/** given these events, when this command, then these events (or this error). */
function given(events: ContactEvent[]) {
  const state = events.reduce(contactDecider.evolve, contactDecider.initialState)
  return { when: (command: ContactCommand) => () => contactDecider.decide(state, command, context) }
}

const create = (input: Partial<CreateContact> & Record<string, unknown>): ContactCommand => ({
  type: 'CreateContact',
  contactId,
  data: createContactSchema.parse({ name: 'Acme Trucking', organizationTypeId: 7, ...input }),
  actor: rep,
})

describe('contact decider: CreateContact', () => {
  it('creates a Lead in the author’s division, assigned to the author, by default', () => {
    const then = given([]).when(create({}))()
    expect(then).toEqual([
      {
        type: 'ContactCreated',
        data: expect.objectContaining({
          contactId,
          name: 'Acme Trucking',
          organizationTypeId: 7,
          contactCategory: 1,
          divisionId: 15,
          statusId: 1,
          assigned: rep.userId,
          importDate: null,
        }),
      },
    ])
  })

  it('keeps an explicit division, status and "unassigned"', () => {
    const [event] = given([]).when(create({ divisionId: 2, statusId: 2, assigned: null }))()
    expect(event?.data).toMatchObject({ divisionId: 2, statusId: 2, assigned: null })
  })

  it('stores blank optional texts as null', () => {
    const [event] = given([]).when(create({ email: '', dba: '  ', address: { city: '', state: 'TX' } }))()
    expect(event?.data).toMatchObject({ email: null, dba: null, address: { city: null, state: 'TX' } })
  })

  it('refuses to create the same contact twice', () => {
    const [created] = given([]).when(create({}))()
    const then = given([created!]).when(create({}))
    expect(then).toThrow(DomainError)
    expect(then).toThrow(contactAlreadyExists)
  })
})
