import { waitForPosition, type EventStore, type JobQueue, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { SUBSCRIPTION_RENEW_WINDOW_MS, type SubscriptionKeeper } from '../ringcentral/incoming-subscription'
import { sweepLoop } from '../scheduling/due-sweep'
import { CALL_LOG_SYNC_EVERY_MS } from './call-log-sync'

export const PHONE_UPKEEP_JOB = 'phone-upkeep'

/**
 * Each connected user's phone upkeep, as a job per user: their webhook subscription (created after connecting,
 * renewed before it expires) and their call log sync. At start-up and every minute a sweep queues the job for
 * every live session whose subscription is missing or due, or whose call log was not read lately; what the job
 * does is durable in the user's streams, so a restart only makes the first sweep catch up.
 */
export function phoneUpkeep(deps: {
  store: EventStore
  db: Kysely<unknown>
  jobs: JobQueue
  keeper: SubscriptionKeeper
  syncCallLog: (userId: string) => Promise<number>
  logger: Logger
  sweepEveryMs?: number
}) {
  const { store, db, jobs, keeper, syncCallLog, logger } = deps
  const sweepEveryMs = deps.sweepEveryMs ?? 60_000
  // When this process last read each user's call log; a restart reads every log once more.
  const syncedAt = new Map<string, number>()

  async function upkeep(userId: string): Promise<void> {
    try {
      await keeper.ensure(userId)
    } catch (error) {
      logger.warn({ err: error, userId }, 'RingCentral subscription failed; retrying at the next sweep')
    }
    if ((syncedAt.get(userId) ?? 0) + CALL_LOG_SYNC_EVERY_MS > Date.now()) return
    try {
      const added = await syncCallLog(userId)
      syncedAt.set(userId, Date.now())
      if (added > 0) logger.info({ userId, added }, 'call log synced')
    } catch (error) {
      logger.warn({ err: error, userId }, 'call log sync failed; retrying at the next sweep')
    }
  }

  jobs.register<{ userId: string }>(PHONE_UPKEEP_JOB, (job) => upkeep(job.data.userId), { concurrency: 4 })

  const queue = (userId: string, slot: string) =>
    jobs.enqueue(PHONE_UPKEEP_JOB, { userId }, { jobId: `phone-upkeep-${userId}-${slot}` })

  async function sweep(signal?: AbortSignal): Promise<number> {
    await waitForPosition(db, ['phone_calls', 'phone_log'], await store.headPosition(), 30_000, signal)
    if (signal?.aborted) return 0
    const now = Date.now()
    const { rows } = await sql<{ user_id: string; subscription_due: boolean }>`
      select s.user_id,
        (p.expiration_time is null
          or p.expiration_time <= ${new Date(now + SUBSCRIPTION_RENEW_WINDOW_MS).toISOString()}::timestamptz) as subscription_due
      from phone_sessions s left join phone_subscriptions p on p.user_id = s.user_id
      where not s.lost and s.refresh_token_expire_time > ${new Date(now).toISOString()}::timestamptz
      order by s.user_id limit 5000`.execute(db)
    let queued = 0
    for (const row of rows) {
      const logDue = (syncedAt.get(row.user_id) ?? 0) + CALL_LOG_SYNC_EVERY_MS <= now
      if (!row.subscription_due && !logDue) continue
      await queue(row.user_id, String(Math.floor(now / sweepEveryMs)))
      queued++
    }
    return queued
  }

  const loop = sweepLoop({ sweep, everyMs: sweepEveryMs, logger, what: 'phone upkeep' })
  return {
    /** Right after connecting: subscribe and read the call log now rather than at the next sweep. */
    connected: (userId: string, position: string) => queue(userId, `connect-${position}`),
    sweep,
    start: loop.start,
    stop: loop.stop,
  }
}

export type PhoneUpkeep = ReturnType<typeof phoneUpkeep>
