import { RINGOUT_FOLLOW_JOB, callStreamId } from '@crm/contracts'
import { waitForPosition, type EventStore, type JobQueue, type Logger } from '@crm/platform'
import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { handleCommand } from '../command-handling/handle-command'
import type { RingCentralClient } from '../ringcentral/rc-client'
import { systemEnvelope, type PhoneSessions } from '../ringcentral/phone-sessions'
import { sweepLoop } from '../scheduling/due-sweep'
import { callDecider, callEnded, type CallState } from './decide'
import { loadAggregate } from '../command-handling/load-aggregate'

export interface RingOutFollowerOptions {
  everyMs?: number
  /** A RingOut still in progress after this long is left alone (the call log tells the rest). */
  giveUpAfterMs?: number
  sweepEveryMs?: number
}

/** Whether the follower should keep polling: the call is live, its window open, and it is not too old. */
export function stillFollowed(call: CallState, placedAt: number, now: number, giveUpAfterMs: number): boolean {
  if (!call.placed || call.closed || (call.status && callEnded(call.status))) return false
  return now - placedAt < giveUpAfterMs
}

/**
 * Follows a RingOut's status (RingCentral's GET ring-out/{id}) while the call is live, writing each change as
 * CallStatusChanged. It runs as a job (RINGOUT_FOLLOW_JOB), and what it follows is durable in the call's stream
 * and the phone_calls read model: at start-up and every minute a sweep queues a job for every call the read
 * model shows live, so a restart mid-call picks the call up where it was. One follower per call per process.
 */
export function ringOutFollower(
  deps: {
    store: EventStore
    db: Kysely<unknown>
    jobs: JobQueue
    client: RingCentralClient
    sessions: PhoneSessions
    logger: Logger
  },
  options: RingOutFollowerOptions = {},
) {
  const { store, db, jobs, client, sessions, logger } = deps
  const everyMs = options.everyMs ?? 1000
  const giveUpAfterMs = options.giveUpAfterMs ?? 15 * 60_000
  const following = new Set<string>()
  // Jobs queued by this process's sweeps: a job of an earlier run (finished by its shutdown) does not hide them.
  const runId = randomUUID()
  let stopped = false

  const pause = () => new Promise((resolve) => setTimeout(resolve, everyMs).unref())

  async function loadCall(callId: string) {
    const { state: call, history } = await loadAggregate(store, callStreamId(callId), callDecider)
    const placedAt = history[0] ? Date.parse(history[0].metadata.occurredAt) : 0
    return { call, placedAt }
  }

  async function poll(callId: string, call: CallState): Promise<void> {
    const placed = call.placed!
    const tokens = await sessions.tokensFor(placed.userId, systemEnvelope())
    const status = await client.ringOutStatus(tokens, placed.ringOutId)
    await handleCommand(
      store,
      callDecider,
      callStreamId(callId),
      { type: 'ObserveRingOut', status, at: new Date().toISOString() },
      systemEnvelope(),
    )
  }

  async function follow(callId: string): Promise<void> {
    if (following.has(callId)) return
    following.add(callId)
    try {
      while (!stopped) {
        const { call, placedAt } = await loadCall(callId)
        if (!stillFollowed(call, placedAt, Date.now(), giveUpAfterMs)) return
        try {
          await poll(callId, call)
        } catch (error) {
          // Tried again at the next step: a failed poll must not end the job (a failed job id is not queued again).
          logger.warn({ err: error, callId }, 'RingOut status poll failed')
        }
        await pause()
      }
    } finally {
      following.delete(callId)
    }
  }

  jobs.register<{ callId: string }>(RINGOUT_FOLLOW_JOB, (job) => follow(job.data.callId), { concurrency: 50 })

  async function sweep(signal?: AbortSignal): Promise<number> {
    await waitForPosition(db, ['phone_calls'], await store.headPosition(), 30_000, signal)
    if (signal?.aborted) return 0
    const since = new Date(Date.now() - giveUpAfterMs).toISOString()
    const { rows } = await sql<{ id: string }>`
      select id from phone_calls
      where call_status = 'InProgress' and not closed and placed_at > ${since}::timestamptz
      order by placed_at limit 1000`.execute(db)
    let queued = 0
    for (const { id } of rows) {
      if (following.has(id)) continue
      await jobs.enqueue(RINGOUT_FOLLOW_JOB, { callId: id }, { jobId: `ringout-${id}-${runId}` })
      queued++
    }
    return queued
  }

  const loop = sweepLoop({ sweep, everyMs: options.sweepEveryMs ?? 60_000, logger, what: 'RingOut calls' })

  return {
    /** A call just placed: follow it now. */
    async follow(callId: string) {
      await jobs.enqueue(RINGOUT_FOLLOW_JOB, { callId }, { jobId: `ringout-${callId}` })
    },
    sweep,
    start: loop.start,
    async stop() {
      stopped = true
      await loop.stop()
    },
  }
}

export type RingOutFollower = ReturnType<typeof ringOutFollower>
