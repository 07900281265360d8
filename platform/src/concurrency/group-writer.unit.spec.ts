import { describe, expect, it } from 'vitest'
import { createGroupWriter } from './group-writer'

const written = (item: string) => `wrote ${item}`

/** A write whose groups finish only when the test says so. */
function controlledWrite() {
  const groups: { items: string[]; finish: () => void; fail: (e: Error) => void }[] = []
  const write = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push({ items, finish: () => resolve(items.map(written)), fail: reject })
    })
  return { groups, write }
}

/** The end of the current event-loop turn, where the writer starts groups. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('group writer (group commit)', () => {
  it('writes a lone item at the end of its turn, on its own', async () => {
    const { groups, write } = controlledWrite()
    const writeGrouped = createGroupWriter({ write, maxInFlight: 1, maxGroup: 10 })
    const result = writeGrouped('a')
    await endOfTurn()
    expect(groups.map((g) => g.items)).toEqual([['a']])
    groups[0]!.finish()
    await expect(result).resolves.toEqual(written('a'))
  })

  it('gathers items that arrive while every slot is busy into the next group, each with its own outcome', async () => {
    const { groups, write } = controlledWrite()
    const writeGrouped = createGroupWriter({ write, maxInFlight: 1, maxGroup: 10 })
    const first = writeGrouped('a')
    await endOfTurn()
    const results = [first, ...['b', 'c', 'd'].map((s) => writeGrouped(s))]
    expect(groups.map((g) => g.items)).toEqual([['a']])
    groups[0]!.finish()
    await results[0]
    expect(groups.map((g) => g.items)).toEqual([['a'], ['b', 'c', 'd']])
    groups[1]!.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'].map(written))
  })

  it('keeps groups within maxGroup and uses every slot', async () => {
    const { groups, write } = controlledWrite()
    const writeGrouped = createGroupWriter({ write, maxInFlight: 2, maxGroup: 2 })
    const results: Promise<string>[] = []
    for (const s of ['a', 'b']) {
      results.push(writeGrouped(s))
      await endOfTurn()
    }
    results.push(...['c', 'd', 'e', 'f'].map((s) => writeGrouped(s)))
    expect(groups.map((g) => g.items)).toEqual([['a'], ['b']])
    groups[0]!.finish()
    groups[1]!.finish()
    await Promise.all(results.slice(0, 2))
    expect(groups.map((g) => g.items)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']])
    groups[2]!.finish()
    groups[3]!.finish()
    await Promise.all(results)
  })

  it('fails only the items of a group whose write failed', async () => {
    const { groups, write } = controlledWrite()
    const writeGrouped = createGroupWriter({ write, maxInFlight: 1, maxGroup: 10 })
    const first = writeGrouped('a')
    await endOfTurn()
    const second = writeGrouped('b')
    groups[0]!.fail(new Error('connection lost'))
    await expect(first).rejects.toThrow('connection lost')
    groups[1]!.finish()
    await expect(second).resolves.toEqual(written('b'))
  })

  it('writes the items of one turn as one group even when a slot is free', async () => {
    const { groups, write } = controlledWrite()
    const writeGrouped = createGroupWriter({ write, maxInFlight: 1, maxGroup: 10 })
    const results = ['a', 'b', 'c'].map((s) => writeGrouped(s))
    expect(groups).toEqual([])
    await endOfTurn()
    expect(groups.map((g) => g.items)).toEqual([['a', 'b', 'c']])
    const late = writeGrouped('d')
    groups[0]!.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c'].map(written))
    await endOfTurn()
    expect(groups.map((g) => g.items)).toEqual([['a', 'b', 'c'], ['d']])
    groups[1]!.finish()
    await expect(late).resolves.toEqual(written('d'))
  })
})
