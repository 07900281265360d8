import {
  jobStatusSchema,
  LEAD_IMPORT_JOB,
  leadImportSummariesSchema,
  type ImportReport,
  type JobStatus,
  type LeadImportSummary,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isoOrNull } from '../read-models'

/** Jobs a user may poll, by queue name. Each job's id is only known to whoever started it. */
const pollable = [LEAD_IMPORT_JOB] as const

type ImportRow = {
  upload_id: string
  user_id: string
  file_name: string
  layout: 'leads' | 'census'
  rows: number
  rows_done: number
  created: number
  updated: number
  skipped: number
  details: ImportReport['details']
  position: string | null
  state: 'active' | 'completed' | 'failed'
  error: string | null
  started_at: Date | string
  finished_at: Date | string | null
}

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
  if (r.state === 'completed') return { id, state: 'completed', progress: 100, result: report }
  if (r.state === 'failed') return { id, state: 'failed', progress: progressOf(r), error: r.error ?? 'Failed' }
  return { id, state: 'active', progress: progressOf(r), result: report }
}

/** GET /jobs/{name}/{id} and GET /lead-imports: a user's own imports, never anyone else's. */
export function jobRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/jobs/:name/:id',
    {
      config: { projections: ['lead_imports'] },
      schema: {
        tags: ['jobs'],
        summary: 'State and progress of a lead import (the job id its upload answered), with the report when done',
        params: z.object({ name: z.enum(pollable), id: z.string().max(200) }),
        response: { 200: jobStatusSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const prefix = `${request.user.userId}.`
      // Job ids start with the uploader's id, so another user's id never matches.
      if (!id.startsWith(prefix)) throw notFound('Job not found')
      const { rows } = await sql<ImportRow>`
        select * from lead_imports
        where upload_id = ${id.slice(prefix.length)} and user_id = ${request.user.userId}::uuid`.execute(db)
      if (!rows[0]) throw notFound('Job not found')
      return toJobStatus(id, rows[0])
    },
  )
  api.get(
    '/lead-imports',
    {
      config: { projections: ['lead_imports'] },
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
}
