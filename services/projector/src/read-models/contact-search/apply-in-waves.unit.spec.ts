import type { StoredEvent } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { groupInStreamOrder } from './apply-in-waves'

const e = (type: string, streamId: string) => ({ type, streamId }) as StoredEvent
const shape = (events: StoredEvent[]) => groupInStreamOrder(events).map((g) => g.map((x) => `${x.type}:${x.streamId}`))

/** Each stream's events in the order the groups apply them. */
function orderOfEachStream(groups: StoredEvent[][]): Map<string, StoredEvent[]> {
  const order = new Map<string, StoredEvent[]>()
  for (const event of groups.flat()) order.set(event.streamId, [...(order.get(event.streamId) ?? []), event])
  return order
}

describe('groupInStreamOrder', () => {
  it('groups an import’s interleaved creations and imports into two statements', () => {
    expect(shape([e('C', 'a'), e('L', 'a'), e('C', 'b'), e('L', 'b')])).toEqual([
      ['C:a', 'C:b'],
      ['L:a', 'L:b'],
    ])
  })

  it('keeps a stream in its own order, once per group', () => {
    expect(shape([e('C', 'a'), e('L', 'a'), e('C', 'a')])).toEqual([['C:a'], ['L:a'], ['C:a']])
    expect(shape([e('L', 'a'), e('C', 'b'), e('C', 'a')])).toEqual([['L:a'], ['C:b', 'C:a']])
    expect(shape([e('C', 'a'), e('L', 'b'), e('L', 'a'), e('C', 'b')])).toEqual([['C:a'], ['L:b', 'L:a'], ['C:b']])
  })

  it('puts a rebuild’s repeated types of many contacts in a few groups, not one per contact', () => {
    // Each contact: created, then converted twice in a row (Lead → Prospect → Account), contact after contact.
    const events = ['a', 'b', 'c', 'd'].flatMap((s) => [e('Created', s), e('Converted', s), e('Converted', s)])
    expect(shape(events)).toEqual([
      ['Created:a', 'Created:b', 'Created:c', 'Created:d'],
      ['Converted:a', 'Converted:b', 'Converted:c', 'Converted:d'],
      ['Converted:a', 'Converted:b', 'Converted:c', 'Converted:d'],
    ])
  })

  it('never changes the order of a stream’s events, whatever the mix', () => {
    const types = ['A', 'B', 'C']
    let seed = 7
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const events = Array.from({ length: 500 }, () => e(types[random(3)]!, `s${random(20)}`))
    const groups = groupInStreamOrder(events)
    for (const group of groups) {
      expect(new Set(group.map((x) => x.type)).size).toBe(1)
      expect(new Set(group.map((x) => x.streamId)).size).toBe(group.length)
    }
    const expected = new Map<string, StoredEvent[]>()
    for (const event of events) expected.set(event.streamId, [...(expected.get(event.streamId) ?? []), event])
    expect(orderOfEachStream(groups)).toEqual(expected)
  })
})
