import { LEAD_IMPORT_JOB } from '@crm/contracts'
import { waitForPosition, type EventStore, type HttpApp, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import type { LeadImportJob } from './run-lead-import'

export interface ImportResumerDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  sweepEveryMs?: number
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
  if (!(await waitForPosition(db, ['lead_imports'], await store.headPosition(), 30_000))) {
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
  if (queued > 0) deps.logger.info({ queued }, 'unfinished lead imports queued again')
  return queued
}

/** Runs the sweep once the app is ready (the read model may still be building: it retries) and every minute. */
export function resumeLeadImportsWhenReady(api: HttpApp, deps: ImportResumerDeps): void {
  const every = deps.sweepEveryMs ?? 60_000
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const loop = (first: boolean) => {
    running = resumeLeadImports(deps)
      .then(() => schedule(every, false))
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'resuming lead imports failed; retrying')
        schedule(first ? 2000 : every, first)
      })
  }
  const schedule = (delayMs: number, first: boolean) => {
    if (stopped) return
    timer = setTimeout(() => loop(first), delayMs)
    timer.unref()
  }
  api.addHook('onReady', async () => loop(true))
  api.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
    await running
  })
}
