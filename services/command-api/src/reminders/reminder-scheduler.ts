import { TASK_REMINDER_JOB } from '@crm/contracts'
import { waitForPosition, type EventStore, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { loadReminderState } from './fire-reminder'
import { pendingReminder, type ReminderJob } from './reminder-state'

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
/** Queued but not sent this long after its time: its job was lost or failed, queue a fresh one. */
const LATE_AFTER_MS = 2 * MINUTE

/** Dedupes: the same reminder queued by a command, a sweep and another process is one job. */
export const reminderJobId = (job: ReminderJob): string =>
  `reminder-${job.taskId}-${Date.parse(job.remindAt)}-${job.assigned}`

export interface ReminderScheduler {
  /** After a task command: queue the task's reminder if it is due soon (idempotent). */
  taskChanged(taskId: string): Promise<void>
  /** Queues every unsent reminder due within the horizon, from the task_reminders read model. */
  sweep(): Promise<number>
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
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> | undefined

  async function enqueue(job: ReminderJob): Promise<boolean> {
    const delayMs = Date.parse(job.remindAt) - now().getTime()
    if (delayMs > horizonMs) return false
    const late = -delayMs > LATE_AFTER_MS
    const jobId = late ? `${reminderJobId(job)}-late-${Math.floor(now().getTime() / sweepEveryMs)}` : reminderJobId(job)
    await jobs.enqueue(TASK_REMINDER_JOB, job, { jobId, delayMs: Math.max(0, delayMs) })
    return true
  }

  async function sweep(): Promise<number> {
    // What was written before this sweep must be in the read model (after a restart: everything so far).
    const caughtUp = await waitForPosition(db, ['task_reminders'], await store.headPosition(), 30_000)
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

  function schedule(delayMs: number, run: () => Promise<void>) {
    if (stopped) return
    timer = setTimeout(() => {
      running = run()
    }, delayMs)
    timer.unref()
  }

  /** The first sweep retries quickly until it works (the read model may not exist yet), then every few minutes. */
  async function loop(first: boolean): Promise<void> {
    try {
      const queued = await sweep()
      if (queued > 0) logger.info({ queued }, 'task reminders queued')
      schedule(sweepEveryMs, () => loop(false))
    } catch (error) {
      if (stopped) return
      logger.warn({ err: error }, 'task reminder sweep failed; retrying')
      schedule(first ? 2000 : sweepEveryMs, () => loop(first))
    }
  }

  return {
    async taskChanged(taskId) {
      const state = await loadReminderState(store, taskId)
      const pending = pendingReminder(state)
      if (!pending || !state.dueDate) return
      if (Date.parse(state.dueDate) < now().getTime() - STALE_AFTER_MS) return
      await enqueue(pending)
    },
    sweep,
    start() {
      stopped = false
      running = loop(true)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
