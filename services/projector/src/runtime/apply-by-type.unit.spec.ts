import type { StoredEvent } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { applyByType, splitIntoRuns } from './apply-by-type'

const event = (type: string, streamId: string, n: number) =>
  ({ type, streamId, streamVersion: n, data: { n } }) as unknown as StoredEvent
const shape = (runs: StoredEvent[][]) => runs.map((run) => run.map((e) => `${e.type}:${e.streamId}`))

describe('splitting a batch into set-based runs', () => {
  it('keeps consecutive events of one type together', () => {
    const runs = splitIntoRuns(
      [event('A', 's1', 1), event('A', 's2', 1), event('B', 's1', 2), event('A', 's3', 1)],
      (e) => e.streamId,
    )
    expect(shape(runs)).toEqual([['A:s1', 'A:s2'], ['B:s1'], ['A:s3']])
  })

  it('starts a new run when a key repeats, so one upsert never touches a row twice', () => {
    const runs = splitIntoRuns([event('U', 's1', 2), event('U', 's2', 2), event('U', 's1', 3)], (e) => e.streamId)
    expect(shape(runs)).toEqual([['U:s1', 'U:s2'], ['U:s1']])
  })

  it('hands each run to the handler of its type, in order, skipping types without one', async () => {
    const calls: string[] = []
    const apply = applyByType<'t'>({
      A: async (_trx, events) => void calls.push(`A${events.map((e) => e.streamVersion).join('')}`),
      B: async (_trx, events) => void calls.push(`B${events.length}`),
    })
    await apply({} as never, [event('A', 's1', 1), event('X', 's1', 2), event('A', 's2', 1), event('B', 's1', 3)], {
      t: 't',
    })
    expect(calls).toEqual(['A11', 'B1'])
  })
})
