import { describe, expect, it } from 'vitest'
import { createAppendBatcher } from './append-batcher'
import type { StreamAppend, StreamAppendOutcome } from './event-store'

const append = (streamId: string): StreamAppend => ({ streamId, events: [], options: { expectedVersion: 'any' } })
const written = (streamId: string): StreamAppendOutcome => ({
  ok: true,
  nextVersion: 1,
  position: `pos-${streamId}`,
  duplicate: false,
})

/** A write whose groups finish only when the test says so. */
function controlledWrite() {
  const groups: { streams: string[]; finish: () => void; fail: (e: Error) => void }[] = []
  const write = (appends: StreamAppend[]) =>
    new Promise<StreamAppendOutcome[]>((resolve, reject) => {
      const streams = appends.map((a) => a.streamId)
      groups.push({ streams, finish: () => resolve(streams.map(written)), fail: reject })
    })
  return { groups, write }
}

describe('append batcher (group commit)', () => {
  it('writes a lone append at once, on its own', async () => {
    const { groups, write } = controlledWrite()
    const appendGrouped = createAppendBatcher({ write, maxInFlight: 1, maxGroup: 10 })
    const result = appendGrouped(append('a'))
    expect(groups.map((g) => g.streams)).toEqual([['a']])
    groups[0]!.finish()
    await expect(result).resolves.toEqual(written('a'))
  })

  it('gathers appends that arrive while every slot is busy into the next group, each with its own outcome', async () => {
    const { groups, write } = controlledWrite()
    const appendGrouped = createAppendBatcher({ write, maxInFlight: 1, maxGroup: 10 })
    const results = ['a', 'b', 'c', 'd'].map((s) => appendGrouped(append(s)))
    expect(groups.map((g) => g.streams)).toEqual([['a']])
    groups[0]!.finish()
    await results[0]
    expect(groups.map((g) => g.streams)).toEqual([['a'], ['b', 'c', 'd']])
    groups[1]!.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'].map(written))
  })

  it('keeps groups within maxGroup and uses every slot', async () => {
    const { groups, write } = controlledWrite()
    const appendGrouped = createAppendBatcher({ write, maxInFlight: 2, maxGroup: 2 })
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => appendGrouped(append(s)))
    expect(groups.map((g) => g.streams)).toEqual([['a'], ['b']])
    groups[0]!.finish()
    groups[1]!.finish()
    await Promise.all(results.slice(0, 2))
    expect(groups.map((g) => g.streams)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']])
    groups[2]!.finish()
    groups[3]!.finish()
    await Promise.all(results)
  })

  it('fails only the appends of a group whose write failed', async () => {
    const { groups, write } = controlledWrite()
    const appendGrouped = createAppendBatcher({ write, maxInFlight: 1, maxGroup: 10 })
    const first = appendGrouped(append('a'))
    const second = appendGrouped(append('b'))
    groups[0]!.fail(new Error('connection lost'))
    await expect(first).rejects.toThrow('connection lost')
    groups[1]!.finish()
    await expect(second).resolves.toEqual(written('b'))
  })
})
