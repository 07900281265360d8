import { createLogger } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { dueJob, sweepLoop } from './due-sweep'

const windows = { horizonMs: 5 * 60_000, sweepEveryMs: 60_000 }
const now = Date.parse('2026-11-25T12:00:00Z')

describe('when a sweep queues work due at a time', () => {
  it('leaves work beyond the horizon to a later sweep', () => {
    expect(dueJob('email-1', now + 6 * 60_000, now, windows)).toBeUndefined()
  })

  it('queues work within the horizon under its own id, delayed until its time', () => {
    expect(dueJob('email-1', now + 90_000, now, windows)).toEqual({ jobId: 'email-1', delayMs: 90_000 })
  })

  it('queues work just past its time at once under its own id (a job already queued is the same job)', () => {
    expect(dueJob('email-1', now - 60_000, now, windows)).toEqual({ jobId: 'email-1', delayMs: 0 })
  })

  it('gives work still waiting long after its time a fresh id once per sweep period (its job was lost)', () => {
    const late = dueJob('email-1', now - 10 * 60_000, now, windows)
    expect(late).toEqual({ jobId: `email-1-late-${Math.floor(now / 60_000)}`, delayMs: 0 })
    expect(dueJob('email-1', now - 10 * 60_000, now + 30_000, windows)?.jobId).toBe(late?.jobId)
  })
})

describe('when a sweep loop stops', () => {
  it('aborts the sweep in flight (one waiting for a lagging read model) and resolves once it has returned', async () => {
    let seen: AbortSignal | undefined
    const loop = sweepLoop({
      // Waits as a sweep does for its read model to catch up: here, until told to stop.
      sweep: (signal) => {
        seen = signal
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(0)))
      },
      everyMs: 60_000,
      logger: createLogger('test', 'silent'),
      what: 'test work',
    })
    loop.start()
    await loop.stop()
    expect(seen?.aborted).toBe(true)
  })

  it('gives a sweep started again a signal that is not aborted', async () => {
    const signals: AbortSignal[] = []
    const loop = sweepLoop({
      sweep: async (signal) => {
        signals.push(signal)
        return 0
      },
      everyMs: 60_000,
      logger: createLogger('test', 'silent'),
      what: 'test work',
    })
    loop.start()
    await loop.stop()
    loop.start()
    expect(signals.at(-1)?.aborted).toBe(false)
    await loop.stop()
  })
})
