import { EMAIL_SEND_JOB } from '@crm/contracts'
import { waitForPosition, type EventStore, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { dueJob, sweepLoop } from '../scheduling/due-sweep'

export interface EmailJob {
  messageId: string
}

export interface EmailSchedulerDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  /** Messages due within this window are queued; later ones wait for a later sweep. */
  horizonMs?: number
  sweepEveryMs?: number
}

const MINUTE = 60_000

export interface EmailScheduler {
  /** After a send or schedule: queue the message if it is due soon (idempotent). */
  messageQueued(messageId: string, sendingTime: string): Promise<void>
  sweep(signal?: AbortSignal): Promise<number>
  start(): void
  stop(): Promise<void>
}

/**
 * Messages are durable as events and the email_messages read model, not as queued jobs: at start-up and every
 * minute the sweep queues what is due soon, so a restart loses nothing and a message past its time goes out
 * at once. The job id is the message's, so a message queued by a command, a sweep and another process is one job.
 */
export function createEmailScheduler(deps: EmailSchedulerDeps): EmailScheduler {
  const { jobs, store, db, logger } = deps
  const horizonMs = deps.horizonMs ?? 5 * MINUTE
  const sweepEveryMs = deps.sweepEveryMs ?? MINUTE

  async function enqueue(messageId: string, sendingTime: string): Promise<boolean> {
    const job = dueJob(`email-${messageId}`, Date.parse(sendingTime), Date.now(), { horizonMs, sweepEveryMs })
    if (!job) return false
    await jobs.enqueue<EmailJob>(EMAIL_SEND_JOB, { messageId }, job)
    return true
  }

  async function sweep(signal?: AbortSignal): Promise<number> {
    const caughtUp = await waitForPosition(db, ['email_messages'], await store.headPosition(), 30_000, signal)
    if (signal?.aborted) return 0
    if (!caughtUp) logger.warn('email_messages lags behind the event store; sweeping what it has')
    const until = new Date(Date.now() + horizonMs).toISOString()
    const { rows } = await sql<{ message_id: string; sending_time: Date | string }>`
      select message_id, sending_time from email_messages
      where status = 'scheduled' and sending_time <= ${until}::timestamptz
      order by sending_time limit 5000`.execute(db)
    let queued = 0
    for (const row of rows) {
      if (await enqueue(row.message_id, new Date(row.sending_time).toISOString())) queued++
    }
    return queued
  }

  const loop = sweepLoop({ sweep, everyMs: sweepEveryMs, logger, what: 'emails' })

  return {
    async messageQueued(messageId, sendingTime) {
      await enqueue(messageId, sendingTime)
    },
    sweep,
    start: loop.start,
    stop: loop.stop,
  }
}
