import { describe, expect, it } from 'vitest'
import { allProjections } from '../all-projections'
import { replayTables } from './projection'
import { assertReplayTarget } from './replay'

describe('replay targets', () => {
  it('accepts an analyst table, schema-qualified or not', () => {
    expect(() => assertReplayTarget('contacts_2024', allProjections)).not.toThrow()
    expect(() => assertReplayTarget('analytics.contacts_copy', allProjections)).not.toThrow()
  })

  it('refuses the tables and views the CRM serves or keeps, and odd names', () => {
    for (const name of [
      'contacts_list',
      'contacts_list_v1',
      'users_v3_rebuild',
      'public.stream_history',
      'events',
      'projection_checkpoints',
    ]) {
      expect(() => assertReplayTarget(name, allProjections), name).toThrow(/CRM itself uses/)
    }
    expect(() => assertReplayTarget('x; drop table events', allProjections)).toThrow(/plain table name/)
  })

  it('names one table after the target, several after the target and their base names', () => {
    expect(replayTables(allProjections[0]!, 'mine')).toEqual({ contacts_list: 'mine' })
    expect(replayTables({ ...allProjections[0]!, tables: ['a', 'b'] }, 'mine')).toEqual({ a: 'mine_a', b: 'mine_b' })
  })
})
