import {
  callLogEntryQuerySchema,
  callLogInfoSchema,
  callLogPageSchema,
  callLogQuerySchema,
  callMessages,
  incomingCallSchema,
  incomingCallsQuerySchema,
  type CallLogRow,
  type IncomingCall,
  type PhoneMatch,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../contact-lists/routes'
import { contactsByPhones, lastTenDigits } from './contacts-by-phone'

const tags = ['click-to-call']
// The rows, and the contacts their numbers are matched with.
const projections = [readModelNames.phoneLog, readModelNames.contactSearch, readModelNames.contactsList]

type Timestamp = Date | string
const iso = (value: Timestamp | null) => (value === null ? null : new Date(value).toISOString())
const brief = (matches: PhoneMatch[] | undefined) =>
  (matches ?? []).map(({ id, name, statusId }) => ({ id, name, statusId }))

interface LogRow {
  id: string
  start_time: Timestamp
  duration: number
  direction: 'Inbound' | 'Outbound'
  action: string | null
  result: string | null
  from_number: string | null
  from_name: string | null
  to_number: string | null
  to_name: string | null
  recording_id: string | null
}

const logRowOf = (row: LogRow, matches: Map<string, PhoneMatch[]>): CallLogRow => {
  const number = row.direction === 'Inbound' ? row.from_number : row.to_number
  return {
    id: row.id,
    startTime: iso(row.start_time)!,
    duration: row.duration,
    direction: row.direction,
    result: row.result,
    number,
    name: row.direction === 'Inbound' ? row.from_name : row.to_name,
    hasRecording: row.recording_id !== null,
    contacts: brief(matches.get(lastTenDigits(number))),
  }
}

/**
 * The phone's reads for the rep (docs/product.md 7): their incoming calls (what the incoming-call window pops,
 * refetched when the change feed says phone_log moved) and their synced call log (calls_table), each matched to
 * the contacts they may see. `log` and `log-info` are reads sent as POST, served here like tasks-summary.
 */
export function phoneLogRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/click-to-call/incoming-calls',
    {
      config: { projections },
      schema: {
        tags,
        summary: "The caller's incoming calls of the last day, newest first, with the contacts each number matches",
        querystring: incomingCallsQuerySchema,
        response: { 200: z.array(incomingCallSchema) },
      },
    },
    async (request): Promise<IncomingCall[]> => {
      const since = request.query.since ?? new Date(Date.now() - 24 * 3600_000).toISOString()
      const { rows } = await sql<{
        id: string
        from_number: string
        from_name: string | null
        status: IncomingCall['status']
        rang_at: Timestamp
        answered_at: Timestamp | null
        ended_at: Timestamp | null
        contact_id: string | null
      }>`
        select id, from_number, from_name, status, rang_at, answered_at, ended_at, contact_id from incoming_calls
        where user_id = ${request.user.userId}::uuid and rang_at > ${since}::timestamptz
        order by rang_at desc limit 20`.execute(db)
      const matches = await contactsByPhones(
        db,
        callerOf(request),
        rows.map((r) => r.from_number),
      )
      return rows.map((r) => ({
        id: r.id,
        fromNumber: r.from_number,
        fromName: r.from_name,
        status: r.status,
        rangAt: iso(r.rang_at)!,
        answeredAt: iso(r.answered_at),
        endedAt: iso(r.ended_at),
        contactId: r.contact_id,
        contacts: brief(matches.get(lastTenDigits(r.from_number))),
      }))
    },
  )

  api.post(
    '/click-to-call/log',
    {
      config: { projections },
      schema: {
        tags,
        summary: "A page of the caller's RingCentral call log, newest first, matched to contacts",
        body: callLogQuerySchema,
        response: { 200: callLogPageSchema },
      },
    },
    async (request) => {
      const { first, limit, direction } = request.body
      const userId = request.user.userId
      const byDirection = direction ? sql`and direction = ${direction}` : sql``
      const [page, count] = await Promise.all([
        sql<LogRow>`
          select id, start_time, duration, direction, action, result, from_number, from_name, to_number, to_name,
            recording_id
          from call_log where user_id = ${userId}::uuid ${byDirection}
          order by start_time desc, id limit ${limit} offset ${first}`.execute(db),
        sql<{ total: number }>`
          select count(*)::int as total from call_log where user_id = ${userId}::uuid ${byDirection}`.execute(db),
      ])
      const matches = await contactsByPhones(
        db,
        callerOf(request),
        page.rows.map((r) => (r.direction === 'Inbound' ? r.from_number : r.to_number)),
      )
      return { items: page.rows.map((r) => logRowOf(r, matches)), total: count.rows[0]?.total ?? 0 }
    },
  )

  api.post(
    '/click-to-call/log-info',
    {
      config: { projections },
      schema: {
        tags,
        summary: "One entry of the caller's call log: both ends, the outcome, the matched contacts, a recording",
        body: callLogEntryQuerySchema,
        response: { 200: callLogInfoSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<LogRow>`
        select id, start_time, duration, direction, action, result, from_number, from_name, to_number, to_name,
          recording_id
        from call_log where user_id = ${request.user.userId}::uuid and id = ${request.body.callLogId}`.execute(db)
      const row = rows[0]
      if (!row) throw notFound(callMessages.callLogEntryNotFound)
      const number = row.direction === 'Inbound' ? row.from_number : row.to_number
      const matches = await contactsByPhones(db, callerOf(request), [number])
      return {
        ...logRowOf(row, matches),
        action: row.action,
        fromNumber: row.from_number,
        fromName: row.from_name,
        toNumber: row.to_number,
        toName: row.to_name,
      }
    },
  )
}
