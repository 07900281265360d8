import { describe, expect, it } from 'vitest'
import { PINNED_TIME_HEADER, atTime, currentTime, pinTime, pinnedTimeHook } from './clock'

describe('the command clock', () => {
  const at = new Date('2026-09-01T15:00:00Z')

  it('is the wall clock, except inside atTime and everything it awaits', async () => {
    expect(Math.abs(currentTime().getTime() - Date.now())).toBeLessThan(1000)
    const seen = await atTime(at, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return currentTime()
    })
    expect(seen.toISOString()).toBe(at.toISOString())
    expect(Math.abs(currentTime().getTime() - Date.now())).toBeLessThan(1000)
  })

  it('pins a request only with a token this process made, once; a made-up or used token changes nothing', async () => {
    const runHook = (headers: Record<string, string>) =>
      new Promise<Date>((resolve) => {
        // Each request in a context of its own, as Fastify's are; done() goes on to the handler in that context.
        setImmediate(() =>
          pinnedTimeHook({ headers }, undefined, () => void setTimeout(() => resolve(currentTime()), 1)),
        )
      })
    const pin = pinTime(at)
    expect((await runHook(pin.headers)).toISOString()).toBe(at.toISOString())
    expect(Math.abs((await runHook(pin.headers)).getTime() - Date.now())).toBeLessThan(1000)
    const forged = { [PINNED_TIME_HEADER]: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }
    expect(Math.abs((await runHook(forged)).getTime() - Date.now())).toBeLessThan(1000)
    const unused = pinTime(at)
    unused.release()
    expect(Math.abs((await runHook(unused.headers)).getTime() - Date.now())).toBeLessThan(1000)
  })
})
