import { describe, expect, it } from 'vitest'
import { comparePositions, createPositionTracker, maxPosition } from './positions'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  }
}

describe('positions', () => {
  it('orders fixed-width positions as strings', () => {
    expect(comparePositions('00000000000000000009', '00000000000000000010')).toBeLessThan(0)
    expect(comparePositions('00000000000000000010', '00000000000000000009')).toBeGreaterThan(0)
    expect(comparePositions('0000000042', '0000000042')).toBe(0)
  })

  it('keeps the higher of two positions, ignoring missing ones', () => {
    expect(maxPosition(null, '0002')).toBe('0002')
    expect(maxPosition('0002', null)).toBe('0002')
    expect(maxPosition('0003', '0002')).toBe('0003')
    expect(maxPosition('0001', '0002')).toBe('0002')
    expect(maxPosition(null, null)).toBeNull()
  })

  it('never goes backwards and survives a reload through storage', () => {
    const storage = memoryStorage()
    const tracker = createPositionTracker(storage)
    expect(tracker.current()).toBeNull()
    tracker.remember('0005')
    tracker.remember('0003')
    tracker.remember(undefined)
    expect(tracker.current()).toBe('0005')
    expect(createPositionTracker(storage).current()).toBe('0005')
    tracker.reset()
    expect(storage.map.size).toBe(0)
  })
})
