import {
  jobStatusSchema,
  LEAD_IMPORT_JOB,
  leadImportMessages,
  leadImportSummariesSchema,
  type ImportProgress,
  type ImportReport,
  type JobStatus,
  type LeadImportSummary,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isoOrNull } from '../read-models'
import { ownImport, type ImportRow } from './own-import'
import { refusedRowsRoute } from './refused-rows'

/** Jobs a user may poll, by queue name. Each job's id is only known to whoever started it. */
const pollable = [LEAD_IMPORT_JOB] as const

const progressOf = (r: ImportRow) => (r.rows > 0 ? Math.floor((r.rows_done / r.rows) * 100) : 100)

const toSummary = (r: ImportRow): LeadImportSummary => ({
  jobId: `${r.user_id}.${r.upload_id}`,
  fileName: r.file_name,
  state: r.state,
  rows: r.rows,
  rowsDone: r.rows_done,
  progress: progressOf(r),
  created: r.created,
  updated: r.updated,
  skipped: r.skipped,
  startedAt: isoOrNull(r.started_at) ?? '',
  finishedAt: isoOrNull(r.finished_at),
  error: r.error,
})

/** Counts, rate and estimate: the rate is over the whole import so far, from its start to its last chunk. */
export function progressDetail(r: ImportRow): ImportProgress {
  const seconds = (new Date(r.updated_at).getTime() - new Date(r.started_at).getTime()) / 1000
  const rate = r.rows_done > 0 && seconds > 0 ? r.rows_done / seconds : null
  return {
    rows: r.rows,
    rowsRead: r.rows_done,
    created: r.created,
    updated: r.updated,
    skipped: r.skipped,
    rowsPerSecond: rate === null ? null : Math.round(rate),
    secondsLeft: rate === null || r.state !== 'active' ? null : Math.ceil((r.rows - r.rows_done) / rate),
    cancelRequested: r.cancel_requested,
  }
}

/** The import as the progress bar polls it: from its read model, so a restart or another process changes nothing. */
const toJobStatus = (id: string, r: ImportRow): JobStatus => {
  const report: ImportReport = {
    uploadId: r.upload_id,
    layout: r.layout,
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    skipped: r.skipped,
    details: r.details,
    position: r.position,
  }
  const detail = progressDetail(r)
  if (r.state === 'completed') return { id, state: 'completed', progress: 100, detail, result: report }
  if (r.state === 'failed') return { id, state: 'failed', progress: progressOf(r), detail, error: r.error ?? 'Failed' }
  if (r.state === 'cancelled') {
    const error = leadImportMessages.cancelled(r.rows_done, r.rows)
    return { id, state: 'cancelled', progress: progressOf(r), detail, result: report, error }
  }
  return { id, state: 'active', progress: progressOf(r), detail, result: report }
}

/** GET /jobs/{name}/{id} and GET /lead-imports: a user's own imports, never anyone else's. */
export function jobRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/jobs/:name/:id',
    {
      config: { projections: [readModelNames.leadImports] },
      schema: {
        tags: ['jobs'],
        summary: 'State and progress of a lead import (the job id its upload answered), with the report when done',
        params: z.object({ name: z.enum(pollable), id: z.string().max(200) }),
        response: { 200: jobStatusSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const row = await ownImport(db, request.user.userId, id)
      if (!row) throw notFound('Job not found')
      return toJobStatus(id, row)
    },
  )
  api.get(
    '/lead-imports',
    {
      config: { projections: [readModelNames.leadImports] },
      schema: {
        tags: ['jobs'],
        summary: "The caller's ten most recent lead imports, newest first (an unfinished one can be followed again)",
        response: { 200: leadImportSummariesSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<ImportRow>`
        select * from lead_imports where user_id = ${request.user.userId}::uuid
        order by started_at desc limit 10`.execute(db)
      return { rows: rows.map(toSummary) }
    },
  )
  refusedRowsRoute(api, { db })
}
