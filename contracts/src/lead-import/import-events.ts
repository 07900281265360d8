import { z } from 'zod'
import type { ImportOutcome } from './lead-import'

/**
 * An upload is recorded on its own `lead-import-<uploadId>` stream (docs/architecture.md "Jobs"): the queued job
 * is only a worker's reminder, so a crash, a lost queue or a restart loses nothing. The worker resumes after the
 * last committed chunk; rows are idempotent per (upload, row), so a chunk cut off half way appends nothing twice.
 */
export const leadImportStreamId = (uploadId: string): string => `lead-import-${uploadId}`

/** The upload was accepted: what the worker needs to run it, from the start or after a crash. */
export type LeadImportStarted = {
  type: 'LeadImportStarted'
  data: {
    uploadId: string
    fileKey: string
    userId: string
    divisionId: number
    importDate: string
    fileName: string
    rows: number
    layout: 'leads' | 'census'
  }
}

/** One chunk of rows is in: `rowsDone` rows of the file are handled; counts and outcomes are this chunk's own. */
export type LeadImportChunkCommitted = {
  type: 'LeadImportChunkCommitted'
  data: {
    uploadId: string
    rowsDone: number
    created: number
    updated: number
    skipped: number
    /** Outcomes worth reading (updates and skips), only while the import's whole list is under its cap. */
    details: ImportOutcome[]
    /** Position of the last contact event of the chunk, for read-your-writes after the import. */
    position: string | null
    /** Every row of the chunk that was not imported, with its line in the file and why (uncapped). */
    refused?: RefusedRow[]
  }
}

/** A row an import could not use: its line in the file (the header is line 1), its name, and why. */
export interface RefusedRow {
  row: number
  name: string | null
  reason: string
}

/** The uploader asked to stop: the worker stops after the chunk in flight, keeping every committed chunk. */
export type LeadImportCancelRequested = { type: 'LeadImportCancelRequested'; data: { uploadId: string } }

/** The import stopped on request with `rowsDone` rows of the file in; nothing after them was imported. */
export type LeadImportCancelled = { type: 'LeadImportCancelled'; data: { uploadId: string; rowsDone: number } }

/** A run stopped on an error it may get past on the next try (the database went away, the process stopped). */
export type LeadImportInterrupted = { type: 'LeadImportInterrupted'; data: { uploadId: string; error: string } }

export type LeadImportFinished = { type: 'LeadImportFinished'; data: { uploadId: string } }

/** Given up: the file is gone or unreadable, or runs kept stopping without getting further. */
export type LeadImportFailed = { type: 'LeadImportFailed'; data: { uploadId: string; error: string } }

export type LeadImportEvent =
  | LeadImportStarted
  | LeadImportChunkCommitted
  | LeadImportInterrupted
  | LeadImportFinished
  | LeadImportFailed
  | LeadImportCancelRequested
  | LeadImportCancelled

export const leadImportFailures = {
  fileGone: 'The uploaded file is gone; please upload it again',
  unreadable: 'The file cannot be imported',
  keepsStopping: 'The import stopped several times without getting further; please upload the file again',
} as const

/** GET /lead-imports: the caller's recent uploads, newest first, so the import window can pick one up again. */
export const leadImportSummarySchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  state: z.enum(['active', 'completed', 'failed', 'cancelled']),
  rows: z.number(),
  rowsDone: z.number(),
  progress: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type LeadImportSummary = z.infer<typeof leadImportSummarySchema>
export const leadImportSummariesSchema = z.object({ rows: z.array(leadImportSummarySchema) })
