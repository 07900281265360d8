import { createContactSchema, type ContactEvent, type CreateContact } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { contactId, created, given, now, rep } from '../testing/contact-given'
import type { Actor } from './commands'
import { contactDecider } from './decide'

const manager: Actor = { ...rep, userId: 'c3c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f62', permissions: ['call', 'manager'] }

const createBy = (actor: Actor, input: Partial<CreateContact> & Record<string, unknown>): ContactEvent[] =>
  contactDecider.decide(
    contactDecider.initialState,
    {
      type: 'CreateContact',
      contactId,
      data: createContactSchema.parse({ name: 'Acme Trucking', organizationTypeId: 7, ...input }),
      actor,
    },
    { now, ids: idsFor('test') },
  )

const statusOf = (decide: () => unknown): number | undefined => {
  try {
    decide()
  } catch (error) {
    return (error as { status?: number }).status
  }
  return undefined
}

describe('contact decider: the whole record on create', () => {
  it('records the SAFER phones and collection facts as the first edit, in the same append', () => {
    const events = createBy(manager, {
      saferPhone: '(214) 555-0100',
      saferMobilePhone: ' ',
      currentBalance: 1250.5,
      daysLate: 12,
      lastCollectionActivity: '2026-11-20 15:00:00',
    })
    expect(events.map((e) => e.type)).toEqual(['ContactCreated', 'ContactUpdated'])
    expect(events[0]!.data).not.toHaveProperty('currentBalance')
    expect(events[1]).toEqual({
      type: 'ContactUpdated',
      data: {
        contactId,
        changes: {
          saferPhone: '(214) 555-0100',
          currentBalance: 1250.5,
          daysLate: 12,
          lastCollectionActivity: '2026-11-20T15:00:00.000Z',
        },
      },
    })
  })

  it('appends only ContactCreated when none of those facts is given', () => {
    expect(createBy(rep, { saferPhone: '' }).map((e) => e.type)).toEqual(['ContactCreated'])
  })

  it('refuses collection facts from a rep (403), and creates nothing', () => {
    expect(statusOf(() => createBy(rep, { currentBalance: 10 }))).toBe(403)
  })
})

describe('contact decider: collection facts on edit', () => {
  const edit = (actor: Actor, changes: Record<string, unknown>) =>
    given(created()).then({ type: 'UpdateContact', actor, changes })

  it('a manager sets the balance, days late and last collection activity as an edit of the contact', () => {
    expect(edit(manager, { currentBalance: 900, daysLate: 30 })).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { currentBalance: 900, daysLate: 30 } } },
    ])
  })

  it('a rep may edit everything else but not the collection facts', () => {
    expect(edit(rep, { saferPhone: '(214) 555-0101' })).toHaveLength(1)
    expect(statusOf(() => edit(rep, { daysLate: 3 }))).toBe(403)
  })

  it('a rep sending the collection facts unchanged is no change, not a refusal', () => {
    const withBalance = [...created(), ...edit(manager, { currentBalance: 900 })]
    const then = given(withBalance).then({ type: 'UpdateContact', actor: rep, changes: { currentBalance: 900 } })
    expect(then).toEqual([])
  })
})
