import type { StoredEvent } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { splitIntoWaves } from './apply-in-waves'

const e = (type: string, streamId: string) => ({ type, streamId }) as StoredEvent
const shape = (events: StoredEvent[]) =>
  splitIntoWaves(events).map((w) => w.map((g) => g.map((x) => `${x.type}:${x.streamId}`)))

describe('splitIntoWaves', () => {
  it('groups an import’s interleaved creations and imports into two statements', () => {
    expect(shape([e('C', 'a'), e('L', 'a'), e('C', 'b'), e('L', 'b')])).toEqual([
      [
        ['C:a', 'C:b'],
        ['L:a', 'L:b'],
      ],
    ])
  })
  it('starts a new wave when a stream would apply out of its own order', () => {
    expect(shape([e('C', 'a'), e('L', 'a'), e('C', 'a')])).toEqual([[['C:a'], ['L:a']], [['C:a']]])
    expect(shape([e('L', 'a'), e('C', 'b'), e('C', 'a')])).toEqual([[['L:a'], ['C:b', 'C:a']]])
    expect(shape([e('C', 'a'), e('L', 'b'), e('L', 'a'), e('C', 'b')])).toEqual([[['C:a'], ['L:b', 'L:a']], [['C:b']]])
  })
})
