import { messages, type DivisionEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { divisionDecider, divisionIdTaken, divisionNotFound, type DivisionCommand } from './decide'

const given = (events: DivisionEvent[]) => {
  const state = events.reduce(divisionDecider.evolve, divisionDecider.initialState)
  return {
    when: (command: DivisionCommand) => () =>
      divisionDecider.decide(state, command, { now: new Date(), ids: { next: () => 'x' } }),
  }
}
const created: DivisionEvent = { type: 'DivisionCreated', data: { divisionId: 7, name: 'Fleet' } }

describe('division decider', () => {
  it('creates a division once per id, with a trimmed name', () => {
    expect(given([]).when({ type: 'CreateDivision', divisionId: 7, name: ' Fleet ' })()).toEqual([created])
    expect(given([created]).when({ type: 'CreateDivision', divisionId: 7, name: 'Other' })).toThrow(divisionIdTaken)
  })

  it('renames, and a rename to the same name records nothing', () => {
    expect(given([created]).when({ type: 'RenameDivision', divisionId: 7, name: 'Fleet Sales' })()).toEqual([
      { type: 'DivisionRenamed', data: { divisionId: 7, name: 'Fleet Sales' } },
    ])
    expect(given([created]).when({ type: 'RenameDivision', divisionId: 7, name: 'Fleet' })()).toEqual([])
  })

  it('deletes an unused division; refuses one in use, the default and the executive one, verbatim', () => {
    expect(given([created]).when({ type: 'DeleteDivision', divisionId: 7, inUse: false })()).toEqual([
      { type: 'DivisionDeleted', data: { divisionId: 7 } },
    ])
    expect(given([created]).when({ type: 'DeleteDivision', divisionId: 7, inUse: true })).toThrow(
      messages.divisionInUse,
    )
    for (const divisionId of [1, 15]) {
      const base: DivisionEvent = { type: 'DivisionCreated', data: { divisionId, name: 'Core' } }
      expect(given([base]).when({ type: 'DeleteDivision', divisionId, inUse: false })).toThrow(messages.divisionInUse)
    }
  })

  it('knows no deleted or unknown division', () => {
    const deleted: DivisionEvent = { type: 'DivisionDeleted', data: { divisionId: 7 } }
    expect(given([created, deleted]).when({ type: 'RenameDivision', divisionId: 7, name: 'Back' })).toThrow(
      divisionNotFound,
    )
    expect(given([]).when({ type: 'DeleteDivision', divisionId: 7, inUse: false })).toThrow(divisionNotFound)
  })
})
