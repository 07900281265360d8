import type { LeadImportEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { evolveImport, hasEnded, initialImportState, reportOf } from './state'

const uploadId = 'u-1'
const started: LeadImportEvent = {
  type: 'LeadImportStarted',
  data: {
    uploadId,
    fileKey: 'k.csv',
    userId: 'rep',
    divisionId: 2,
    importDate: '2026-11-25T10:00:00.000Z',
    fileName: 'leads.csv',
    rows: 1200,
    layout: 'leads',
  },
}
const chunk = (rowsDone: number, created: number, skipped = 0, position: string | null = null): LeadImportEvent => ({
  type: 'LeadImportChunkCommitted',
  data: {
    uploadId,
    rowsDone,
    created,
    updated: 0,
    skipped,
    details: skipped ? [{ row: rowsDone, name: null, outcome: 'skipped', reason: 'No name', contactId: null }] : [],
    position,
  },
})
const fold = (events: LeadImportEvent[]) => events.reduce(evolveImport, initialImportState)

describe('an import as its stream tells it', () => {
  it('adds up the chunks, keeps the last position and resumes after the last chunk', () => {
    const state = fold([started, chunk(500, 499, 1, '00000000000000000010'), chunk(1000, 500)])
    expect(state).toMatchObject({ rowsDone: 1000, created: 999, skipped: 1, version: 3, finished: false })
    expect(reportOf(state)).toMatchObject({ rows: 1200, created: 999, position: '00000000000000000010' })
    expect(reportOf(state).details).toHaveLength(1)
  })

  it('counts interruptions only since the last chunk that got in', () => {
    const interrupted: LeadImportEvent = { type: 'LeadImportInterrupted', data: { uploadId, error: 'gone' } }
    expect(fold([started, interrupted, interrupted]).interruptionsSinceProgress).toBe(2)
    expect(fold([started, interrupted, chunk(500, 500), interrupted]).interruptionsSinceProgress).toBe(1)
  })

  it('ends finished or failed', () => {
    expect(fold([started, chunk(1200, 1200), { type: 'LeadImportFinished', data: { uploadId } }]).finished).toBe(true)
    expect(fold([started, { type: 'LeadImportFailed', data: { uploadId, error: 'gone' } }]).failed).toBe('gone')
  })

  it('ends cancelled only when the worker says so; a request alone keeps it running', () => {
    const requested = fold([started, chunk(500, 500), { type: 'LeadImportCancelRequested', data: { uploadId } }])
    expect(requested).toMatchObject({ cancelRequested: true, cancelled: false, rowsDone: 500 })
    expect(hasEnded(requested)).toBe(false)
    const cancelled = evolveImport(requested, { type: 'LeadImportCancelled', data: { uploadId, rowsDone: 500 } })
    expect(hasEnded(cancelled)).toBe(true)
  })

  it('has no report before it started', () => {
    expect(() => reportOf(initialImportState)).toThrow()
  })
})
