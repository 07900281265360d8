import { PHONE_SESSION_REFRESH_WINDOW_MS } from '@crm/contracts'
import { waitForPosition, type EventStore, type Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { sweepLoop } from '../scheduling/due-sweep'
import type { PhoneSessions } from './phone-sessions'

export interface SessionRefresherDeps {
  sessions: PhoneSessions
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  sweepEveryMs?: number
}

/**
 * The refresh job: at start-up and then every minute, every session whose access token expires within
 * PHONE_SESSION_REFRESH_WINDOW_MS (docs/product.md 4) is refreshed. Sessions are durable as events and the
 * phone_sessions read model, so a restart loses nothing: the first sweep after it refreshes what fell due.
 */
export function createSessionRefresher(deps: SessionRefresherDeps) {
  const { sessions, store, db, logger } = deps
  const sweepEveryMs = deps.sweepEveryMs ?? 60_000

  async function sweep(now = Date.now(), signal?: AbortSignal): Promise<number> {
    await waitForPosition(db, ['phone_calls'], await store.headPosition(), 30_000, signal)
    if (signal?.aborted) return 0
    const due = new Date(now + PHONE_SESSION_REFRESH_WINDOW_MS).toISOString()
    const { rows } = await sql<{ user_id: string }>`
      select user_id from phone_sessions
      where not lost and expire_time <= ${due}::timestamptz and refresh_token_expire_time > ${new Date(now).toISOString()}::timestamptz
      order by expire_time limit 500`.execute(db)
    let refreshed = 0
    for (const { user_id } of rows) {
      try {
        if ((await sessions.refreshIfDue(user_id, now)) === 'refreshed') refreshed++
      } catch (error) {
        logger.warn({ err: error, userId: user_id }, 'RingCentral session refresh failed; retrying at the next sweep')
      }
    }
    return refreshed
  }

  // The first sweep retries every 2 s until it works (the read model may not exist yet), then every minute.
  const loop = sweepLoop({
    sweep: (signal) => sweep(Date.now(), signal),
    everyMs: sweepEveryMs,
    logger,
    what: 'RingCentral session refreshes',
  })

  return { sweep, start: loop.start, stop: loop.stop }
}
