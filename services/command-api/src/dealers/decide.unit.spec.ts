import { createDealerSchema, dealerMessages, type ContactEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { contactId, created, now, otherUser, rep } from '../testing/contact-given'
import type { DealerCommand } from './commands'
import { dealerDecider } from './decide'

const context = { now, ids: idsFor('test') }
const given = (events: ContactEvent[]) => {
  const state = events.reduce(dealerDecider.evolve, dealerDecider.initialState)
  return {
    when: (command: DealerCommand) => () => dealerDecider.decide(state, command, context),
    then: (command: DealerCommand) => dealerDecider.decide(state, command, context),
  }
}
const create = (duplicateOf: string | null = null): DealerCommand => ({
  type: 'CreateDealer',
  actor: rep,
  contactId,
  data: createDealerSchema.parse({ name: 'Lone Star Trucks', businessPhone: '(214) 555-0100', organizationTypeId: 7 }),
  duplicateOf,
})
const update = (changes: object, duplicateOf: string | null = null): DealerCommand => ({
  type: 'UpdateDealer',
  actor: rep,
  changes,
  duplicateOf,
})
const dealer = () => created({ name: 'Lone Star Trucks', businessPhone: '2145550100', contactCategory: 4 })

describe('dealer decider', () => {
  it('creates a dealer as a contact of its category, the rep’s Lead in their division', () => {
    expect(given([]).then(create())[0]).toMatchObject({
      type: 'ContactCreated',
      data: { contactId, contactCategory: 4, divisionId: 15, statusId: 1, assigned: rep.userId },
    })
  })

  it('refuses a duplicate with the product’s message', () => {
    expect(given([]).when(create(otherUser))).toThrow(dealerMessages.duplicate)
  })

  it('edits only what is sent', () => {
    expect(given(dealer()).then(update({ ownerName: 'Sam' }))).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { ownerName: 'Sam' } } },
    ])
  })

  it('refuses an edit that makes it another dealer’s duplicate, not its own match', () => {
    expect(given(dealer()).when(update({ name: 'Other' }, otherUser))).toThrow(dealerMessages.duplicate)
    expect(given(dealer()).then(update({ ownerName: 'Sam' }, contactId))).toHaveLength(1)
  })

  it('does not find a contact that is not a dealer, nor one the actor may not see', () => {
    expect(given(created()).when(update({ ownerName: 'Sam' }))).toThrow('Not found')
    const theirs = created({ contactCategory: 4, assigned: otherUser })
    expect(given(theirs).when(update({ ownerName: 'Sam' }))).toThrow('Not found')
    expect(given([]).when(update({ ownerName: 'Sam' }))).toThrow()
  })
})
