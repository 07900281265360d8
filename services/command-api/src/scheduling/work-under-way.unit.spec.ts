import { describe, expect, it } from 'vitest'
import { workUnderWay } from './work-under-way'

describe('workUnderWay', () => {
  it('answers the tracked promise itself and waits for everything under way, failures included', async () => {
    const work = workUnderWay()
    let finish: (value: string) => void = () => {}
    const slow = new Promise<string>((resolve) => (finish = resolve))
    expect(work.track(slow)).toBe(slow)
    const failing = work.track(Promise.reject(new Error('no')))
    await expect(failing).rejects.toThrow('no')
    let settled = false
    const waiting = work.settled().then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(settled).toBe(false)
    finish('done')
    await waiting
    expect(settled).toBe(true)
  })
})
