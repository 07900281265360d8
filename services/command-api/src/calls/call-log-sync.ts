import { createHash } from 'node:crypto'
import { callLogStreamId, type CallLogEntry, type CallLogSynced } from '@crm/contracts'
import type { EventStore } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { appendToLog } from '../command-handling/handle-command'
import { systemEnvelope, type PhoneSessions } from '../ringcentral/phone-sessions'
import type { RcCallLogRecord, RingCentralClient } from '../ringcentral/rc-client'

/** Each connected user's call log is read again this often. */
export const CALL_LOG_SYNC_EVERY_MS = 5 * 60_000
/** The first sync reads this far back. */
const FIRST_SYNC_MS = 7 * 24 * 3600_000
/** A call enters the log when it ends, under its start time: later syncs read back over the last hours. */
const OVERLAP_MS = 4 * 3600_000
const PER_PAGE = 250
const MAX_PAGES = 20

/** Where a sync starts: a little before the newest entry already kept, or a week back the first time. */
export function syncFrom(newestKept: string | null, now: number): string {
  return new Date(newestKept ? Date.parse(newestKept) - OVERLAP_MS : now - FIRST_SYNC_MS).toISOString()
}

/** RingCentral's record as the CRM keeps it: numbers, names, the outcome and a recording's id (no links). */
export function entryOf(record: RcCallLogRecord): CallLogEntry {
  return {
    id: String(record.id),
    telephonySessionId: record.telephonySessionId ?? null,
    startTime: new Date(record.startTime).toISOString(),
    duration: Math.max(0, Math.round(record.duration ?? 0)),
    direction: record.direction === 'Inbound' ? 'Inbound' : 'Outbound',
    action: record.action ?? null,
    result: record.result ?? null,
    fromNumber: record.from?.phoneNumber ?? null,
    fromName: record.from?.name ?? null,
    toNumber: record.to?.phoneNumber ?? null,
    toName: record.to?.name ?? null,
    recordingId: record.recording?.id ? String(record.recording.id) : null,
  }
}

/**
 * Reads the user's call log from RingCentral and appends what the CRM does not keep yet as CallLogSynced on
 * `call-log-<userId>` (the call_log read model shows it, matched to contacts, in calls_table).
 */
export function callLogSync(deps: {
  store: EventStore
  db: Kysely<unknown>
  client: RingCentralClient
  sessions: PhoneSessions
}) {
  const { store, db, client, sessions } = deps
  return async function sync(userId: string, now = Date.now()): Promise<number> {
    const { rows } = await sql<{ newest: Date | string | null }>`
      select max(start_time) as newest from call_log where user_id = ${userId}::uuid`.execute(db)
    const newest = rows[0]?.newest ? new Date(rows[0].newest).toISOString() : null
    const dateFrom = syncFrom(newest, now)
    const dateTo = new Date(now).toISOString()
    const tokens = await sessions.tokensFor(userId, systemEnvelope())
    const records: RcCallLogRecord[] = []
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.callLog(tokens, { dateFrom, dateTo, page, perPage: PER_PAGE })
      records.push(...answer.records)
      if (!answer.more) break
    }
    const entries = records.map(entryOf)
    const ids = entries.map((e) => e.id)
    const kept = ids.length
      ? await sql<{ id: string }>`select id from call_log where user_id = ${userId}::uuid and id = any(${ids})`.execute(
          db,
        )
      : { rows: [] }
    const known = new Set(kept.rows.map((r) => r.id))
    const fresh = entries.filter((e) => !known.has(e.id))
    if (fresh.length === 0) return 0
    const event: CallLogSynced = { type: 'CallLogSynced', data: { userId, syncedUntil: dateTo, entries: fresh } }
    // The same new entries read twice (two processes, a retry) append once.
    const envelope = {
      ...systemEnvelope(),
      commandId: `call-log:${userId}:${hashOf(fresh.map((e) => e.id).join(','))}`,
    }
    await appendToLog(store, callLogStreamId(userId), [event], envelope)
    return fresh.length
  }
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32)
}
