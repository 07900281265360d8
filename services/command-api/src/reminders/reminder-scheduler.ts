import { TASK_REMINDER_JOB } from '@crm/contracts'
import { waitForPosition, type EventStore, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { dueJob, sweepLoop } from '../scheduling/due-sweep'
import { loadReminderState } from './fire-reminder'
import { pendingReminder, type ReminderJob } from './state'

export interface ReminderSchedulerDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  /** Reminders due within this window are queued; later ones wait for a later sweep. */
  horizonMs?: number
  sweepEveryMs?: number
  now?: () => Date
}

const MINUTE = 60_000
/** A reminder whose task fell due longer ago than this is stale: nobody wants it after a long outage. */
const STALE_AFTER_MS = 24 * 60 * MINUTE

/** Dedupes: the same reminder queued by a command, a sweep and another process is one job. */
export const reminderJobId = (job: ReminderJob): string =>
  `reminder-${job.taskId}-${Date.parse(job.remindAt)}-${job.assigned}`

export interface ReminderScheduler {
  /** After a task command: queue the task's reminder if it is due soon (idempotent). */
  taskChanged(taskId: string): Promise<void>
  /** Queues every unsent reminder due within the horizon, from the task_reminders read model. */
  sweep(signal?: AbortSignal): Promise<number>
  start(): void
  /** Stops sweeping; resolves once a sweep in flight has finished. */
  stop(): Promise<void>
}

/**
 * Reminders are durable as task events and the task_reminders read model, not as queued jobs (job-queue.ts):
 * at start-up, and every few minutes after, the sweep queues what is due soon, so a restart or a lost queue
 * loses nothing and past-due reminders go out at once. Queueing only a horizon ahead also keeps delays short
 * (a timer cannot wait a month).
 */
export function createReminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { jobs, store, db, logger } = deps
  const horizonMs = deps.horizonMs ?? 15 * MINUTE
  const sweepEveryMs = deps.sweepEveryMs ?? 5 * MINUTE
  const now = deps.now ?? (() => new Date())

  async function enqueue(job: ReminderJob): Promise<boolean> {
    const queued = dueJob(reminderJobId(job), Date.parse(job.remindAt), now().getTime(), { horizonMs, sweepEveryMs })
    if (!queued) return false
    await jobs.enqueue(TASK_REMINDER_JOB, job, queued)
    return true
  }

  async function sweep(signal?: AbortSignal): Promise<number> {
    // What was written before this sweep must be in the read model (after a restart: everything so far).
    const caughtUp = await waitForPosition(db, ['task_reminders'], await store.headPosition(), 30_000, signal)
    if (signal?.aborted) return 0
    if (!caughtUp) logger.warn('task_reminders lags behind the event store; sweeping what it has')
    const at = now()
    const { rows } = await sql<{ task_id: string; assigned: string; remind_at: Date | string }>`
      select task_id, assigned, remind_at from task_reminders
      where open and not fired and remind_at is not null and assigned is not null
        and remind_at <= ${new Date(at.getTime() + horizonMs).toISOString()}::timestamptz
        and due_date > ${new Date(at.getTime() - STALE_AFTER_MS).toISOString()}::timestamptz
      order by remind_at
      limit 5000`.execute(db)
    let queued = 0
    for (const row of rows) {
      const job = { taskId: row.task_id, assigned: row.assigned, remindAt: new Date(row.remind_at).toISOString() }
      if (await enqueue(job)) queued++
    }
    return queued
  }

  // The first sweep retries quickly until it works (the read model may not exist yet), then every few minutes.
  const loop = sweepLoop({ sweep, everyMs: sweepEveryMs, logger, what: 'task reminders' })

  return {
    async taskChanged(taskId) {
      const state = await loadReminderState(store, taskId)
      const pending = pendingReminder(state)
      if (!pending || !state.dueDate) return
      if (Date.parse(state.dueDate) < now().getTime() - STALE_AFTER_MS) return
      await enqueue(pending)
    },
    sweep,
    start: loop.start,
    stop: loop.stop,
  }
}
