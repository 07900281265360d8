import { describe, expect, it } from 'vitest'
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
})
