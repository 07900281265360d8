import { describe, expect, it } from 'vitest'
import { dueJob } from './due-sweep'

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
