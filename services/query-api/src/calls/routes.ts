import {
  callListQuerySchema,
  callMessages,
  callPageSchema,
  callViewSchema,
  contactsByPhoneQuerySchema,
  phoneMatchSchema,
  rcSessionSchema,
  type CallView,
  readModelNames,
} from '@crm/contracts'
import { callerOf } from '../contact-lists/routes'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { contactsByPhone } from './contacts-by-phone'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'

const projections = [readModelNames.phoneCalls]
const tags = ['click-to-call']

type Timestamp = Date | string
const iso = (value: Timestamp | null) => (value === null ? null : new Date(value).toISOString())

interface CallRow {
  id: string
  contact_id: string
  activity_id: string
  to_number: string
  call_status: string
  caller_status: string
  callee_status: string
  placed_at: Timestamp
  answered_at: Timestamp | null
  ended_at: Timestamp | null
  saved: boolean
  closed: boolean
}

/** RingOut's three statuses as the call window tells them. */
export function callStateOf(
  row: Pick<CallRow, 'call_status' | 'caller_status' | 'callee_status' | 'answered_at'>,
): CallView['state'] {
  if (row.call_status !== 'InProgress') return row.answered_at ? 'ended' : 'no-answer'
  if (row.callee_status === 'Success') return 'answered'
  return row.caller_status === 'Success' ? 'calling' : 'ringing-you'
}

const viewOf = (row: CallRow): CallView => ({
  id: row.id,
  contactId: row.contact_id,
  activityId: row.activity_id,
  to: row.to_number,
  state: callStateOf(row),
  started: row.caller_status === 'Success' || row.answered_at !== null,
  placedAt: iso(row.placed_at)!,
  answeredAt: iso(row.answered_at),
  endedAt: iso(row.ended_at),
  saved: row.saved,
  closed: row.closed,
})

/**
 * Click-to-call reads (docs/product.md 7): the caller's RingCentral session (never its tokens) and the calls
 * they placed. A call is its placer's: anyone else gets 404, as for a call that does not exist.
 */
export function callQueryRoutes(api: HttpApp, { db, configured }: { db: Kysely<unknown>; configured: boolean }): void {
  api.get(
    '/users/userRcSession',
    {
      config: { projections },
      schema: {
        tags,
        summary: "The caller's RingCentral session: whether it exists and when it expires",
        response: { 200: rcSessionSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<{
        expire_time: Timestamp
        refresh_token_expire_time: Timestamp
        use_extension: boolean
        lost: boolean
      }>`select expire_time, refresh_token_expire_time, use_extension, lost from phone_sessions
         where user_id = ${request.user.userId}::uuid`.execute(db)
      const row = rows[0]
      if (!row) {
        return {
          configured,
          connected: false,
          expireTime: null,
          refreshTokenExpireTime: null,
          expired: false,
          useExtensionToMakeCalls: false,
        }
      }
      const expired = row.lost || new Date(row.refresh_token_expire_time).getTime() <= Date.now()
      return {
        configured,
        connected: !expired,
        expireTime: iso(row.expire_time),
        refreshTokenExpireTime: iso(row.refresh_token_expire_time),
        expired,
        useExtensionToMakeCalls: row.use_extension,
      }
    },
  )

  api.get(
    '/click-to-call',
    {
      config: { projections: [...projections, readModelNames.contactsList, readModelNames.contactDivisions] },
      schema: {
        tags,
        summary: 'The calls the caller placed, newest first, a page at a time; with contactId, those to that contact',
        querystring: callListQuerySchema,
        response: { 200: callPageSchema },
      },
    },
    async (request) => {
      const { first, limit, contactId } = request.query
      // A call is its placer's (as GET /click-to-call/{id}); a contact the caller may not see is a missing one.
      if (contactId && !(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
      const where = sql`from phone_calls where user_id = ${request.user.userId}::uuid
        ${contactId ? sql`and contact_id = ${contactId}::uuid` : sql``}`
      const { rows: counted } = await sql<{ n: string }>`select count(*) as n ${where}`.execute(db)
      const { rows } = await sql<CallRow>`
        select id, contact_id, activity_id, to_number, call_status, caller_status, callee_status, placed_at,
          answered_at, ended_at, saved, closed
        ${where}
        order by placed_at desc, id desc limit ${limit} offset ${first}`.execute(db)
      return { rows: rows.map(viewOf), total: Number(counted[0]?.n ?? 0), totalIsCapped: false }
    },
  )

  api.get(
    '/click-to-call/contacts-by-phone-number',
    {
      config: { projections: [readModelNames.contactSearch, readModelNames.contactsList] },
      schema: {
        tags,
        summary: "The caller's contacts with this phone number in any phone field (digits only)",
        querystring: contactsByPhoneQuerySchema,
        response: { 200: z.array(phoneMatchSchema) },
      },
    },
    async (request) => contactsByPhone(db, callerOf(request), request.query.phoneNumber),
  )

  api.get(
    '/click-to-call/:id',
    {
      config: { projections },
      schema: {
        tags,
        summary: 'A call the caller placed: its live state for the call window',
        params: z.object({ id: z.uuid() }),
        response: { 200: callViewSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<CallRow>`
        select id, contact_id, activity_id, to_number, call_status, caller_status, callee_status, placed_at,
          answered_at, ended_at, saved, closed
        from phone_calls where id = ${request.params.id}::uuid and user_id = ${request.user.userId}::uuid`.execute(db)
      if (!rows[0]) throw notFound(callMessages.callNotFound)
      return viewOf(rows[0])
    },
  )
}
