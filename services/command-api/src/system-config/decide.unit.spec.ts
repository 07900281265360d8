import { systemConfigDefaults, type SystemConfigEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { systemConfigDecider, type SystemConfigCommand } from './decide'

const given = (events: SystemConfigEvent[]) => {
  const state = events.reduce(systemConfigDecider.evolve, systemConfigDecider.initialState)
  return {
    when: (command: SystemConfigCommand) =>
      systemConfigDecider.decide(state, command, { now: new Date(), ids: { next: () => 'x' } }),
  }
}
const update = (changes: SystemConfigCommand['changes']): SystemConfigCommand => ({
  type: 'UpdateSystemConfig',
  divisionId: 15,
  changes,
})

describe('system config decider', () => {
  it('fills a first partial save from the defaults and records the whole configuration', () => {
    expect(given([]).when(update({ minCallAttempts: 5 }))).toEqual([
      { type: 'SystemConfigChanged', data: { divisionId: 15, ...systemConfigDefaults, minCallAttempts: 5 } },
    ])
  })

  it('records a first save equal to the defaults (the settings become explicit)', () => {
    expect(given([]).when(update({}))).toHaveLength(1)
  })

  it('builds on the last save and records nothing when nothing changes', () => {
    const [saved] = given([]).when(update({ hotDays: 3 }))
    expect(given([saved!]).when(update({ warmDays: 10 }))).toEqual([
      { type: 'SystemConfigChanged', data: { divisionId: 15, ...systemConfigDefaults, hotDays: 3, warmDays: 10 } },
    ])
    expect(given([saved!]).when(update({ hotDays: 3 }))).toEqual([])
  })
})
