import { LEAD_IMPORT_JOB } from '@crm/contracts'
import { waitForPosition, type EventStore, type HttpApp, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { sweepLoop } from '../scheduling/due-sweep'
import type { LeadImportJob } from './run-lead-import'

export interface ImportResumerDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  sweepEveryMs?: number
  /** Aborted when the app closes: the sweep stops waiting for the read model and queues nothing. */
  signal?: AbortSignal
}

/** The job id the upload answered with: the import window polls it, and the uploader's id leads it. */
export const leadImportJobId = (job: { userId: string; uploadId: string }) => `${job.userId}.${job.uploadId}`

/**
 * Imports are durable as their streams and the lead_imports read model, not as queued jobs (job-queue.ts): at
 * start-up, and every minute after, every import still active whose job is not waiting or running in the queue
 * is queued again, and its worker resumes after the last committed chunk. After a kill -9 of the in-process
 * queue nothing is queued at all; with BullMQ a job left failed by an error is queued again under a new id.
 */
export async function resumeLeadImports(deps: ImportResumerDeps): Promise<number> {
  const { jobs, store, db } = deps
  if (!(await waitForPosition(db, ['lead_imports'], await store.headPosition(), 30_000, deps.signal))) {
    if (deps.signal?.aborted) return 0
    deps.logger.warn('lead_imports lags behind the event store; resuming the imports it knows')
  }
  const { rows } = await sql<{
    upload_id: string
    user_id: string
    division_id: number
    file_key: string
    import_date: Date | string
  }>`
    select upload_id, user_id, division_id, file_key, import_date from lead_imports
    where state = 'active' and user_id is not null order by started_at limit 100`.execute(db)
  let queued = 0
  for (const row of rows) {
    if (deps.signal?.aborted) break
    const data: LeadImportJob = {
      uploadId: row.upload_id,
      fileKey: row.file_key,
      userId: row.user_id,
      divisionId: row.division_id,
      importDate: new Date(row.import_date).toISOString(),
    }
    const jobId = leadImportJobId(data)
    const job = await jobs.getJob(LEAD_IMPORT_JOB, jobId)
    if (job && (job.state === 'waiting' || job.state === 'active' || job.state === 'delayed')) continue
    // A queue keeps an ended job under its id for a while and would ignore the same id again.
    await jobs.enqueue(LEAD_IMPORT_JOB, data, { jobId: job ? `${jobId}.resumed-${Date.now()}` : jobId })
    queued++
  }
  return queued
}

/** Runs the sweep once the app is ready (the read model may still be building: it retries) and every minute. */
export function resumeLeadImportsWhenReady(api: HttpApp, deps: ImportResumerDeps): void {
  const loop = sweepLoop({
    sweep: (signal) => resumeLeadImports({ ...deps, signal }),
    everyMs: deps.sweepEveryMs ?? 60_000,
    logger: deps.logger,
    what: 'unfinished lead imports',
  })
  api.addHook('onReady', async () => loop.start())
  api.addHook('onClose', () => loop.stop())
}
