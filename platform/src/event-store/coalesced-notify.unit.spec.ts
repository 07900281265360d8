import { afterEach, describe, expect, it, vi } from 'vitest'
import { coalescedNotify } from './coalesced-notify'

describe('coalescedNotify', () => {
  it('sends at once, and once more after the one in flight for any number of signals meanwhile', async () => {
    const sent: Array<() => void> = []
    const notify = coalescedNotify(() => new Promise<void>((resolve) => sent.push(resolve)))
    notify()
    expect(sent).toHaveLength(1)
    notify()
    notify()
    notify()
    expect(sent).toHaveLength(1)
    sent[0]!()
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toHaveLength(2) // the trailing one: no signal waits for more than one round trip
    sent[1]!()
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toHaveLength(2)
    notify()
    expect(sent).toHaveLength(3)
  })

  it('keeps working after a failed send (subscribers poll as a fallback)', async () => {
    let calls = 0
    const notify = coalescedNotify(async () => {
      calls++
      throw new Error('connection lost')
    })
    notify()
    await new Promise((r) => setTimeout(r, 0))
    notify()
    await new Promise((r) => setTimeout(r, 0))
    expect(calls).toBe(2)
  })

  describe('with a minimum gap between sends', () => {
    afterEach(() => vi.useRealTimers())

    it('sends the first signal at once and covers later ones with one send a gap after the last', async () => {
      vi.useFakeTimers()
      let sends = 0
      const notify = coalescedNotify(async () => {
        sends++
      }, 10)
      notify()
      expect(sends).toBe(1)
      await vi.advanceTimersByTimeAsync(2)
      notify()
      notify()
      await vi.advanceTimersByTimeAsync(5)
      expect(sends).toBe(1) // 7 ms after the first send: still inside the gap
      await vi.advanceTimersByTimeAsync(3)
      expect(sends).toBe(2) // one send for both signals, 10 ms after the first
      await vi.advanceTimersByTimeAsync(50)
      expect(sends).toBe(2) // nothing pending: no further sends
      notify()
      expect(sends).toBe(3) // the gap has passed: at once again
    })
  })
})
