import { readModelMessages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { rebuildDecider, type RequestRebuild } from './decide'

const when = (command: Omit<RequestRebuild, 'type'>) =>
  rebuildDecider.decide(
    rebuildDecider.initialState,
    { type: 'RequestRebuild', ...command },
    {
      now: new Date(),
      ids: { next: () => 'x' },
    },
  )

describe('rebuild request decider', () => {
  it('records the request for a served read model', () => {
    expect(when({ name: 'contacts_list', states: ['active'] })).toEqual([
      { type: 'ReadModelRebuildRequested', data: { name: 'contacts_list' } },
    ])
    expect(when({ name: 'contacts_list', states: ['retired', 'active'] })).toHaveLength(1)
  })

  it('refuses a read model whose new version is still backfilling, or that is not served yet', () => {
    expect(() => when({ name: 'lead_to_account', states: ['backfilling'] })).toThrow(readModelMessages.stillBuilding)
    expect(() => when({ name: 'contacts_list', states: ['active', 'backfilling'] })).toThrow(
      readModelMessages.stillBuilding,
    )
  })
})
