import {
  DEFAULT_TASK_TIME_ZONE,
  attentionToOptionsQuerySchema,
  attentionToOptionsSchema,
  REFERRAL_DUE_HOUR,
  isReferredQuerySchema,
  isReferredSchema,
  referralDueDateQuerySchema,
  referralDueDateSchema,
  referralDueInDays,
  referralListQuerySchema,
  referralPageSchema,
  referralTimelineSchema,
  readModelNames,
} from '@crm/contracts'
import { localDayAt, notFound, readSystemConfig, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { referralPage, referralProjections, referralTimeline, referralTo } from './find-referrals'

const tags = ['referrals']
const config = { projections: referralProjections }

/** Referral reads (docs/product.md 7): the Referrals list, is-referred, the timeline of a contact, the grade's due date. */
export function referralQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/referral/get-referrals',
    {
      config,
      schema: {
        summary: 'Referrals sent and received, filtered and paged',
        tags,
        querystring: referralListQuerySchema,
        response: { 200: referralPageSchema },
      },
    },
    async (request) => referralPage(db, viewerOf(request), request.query),
  )

  api.get(
    '/referral/is-referred',
    {
      config,
      schema: {
        summary: 'Whether the contact was already referred to the division',
        tags,
        querystring: isReferredQuerySchema,
        response: { 200: isReferredSchema },
      },
    },
    async (request) => {
      const { contactId, divisionId } = request.query
      if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
      return referralTo(db, contactId, divisionId)
    },
  )

  api.get(
    '/referral/due-date',
    {
      schema: {
        summary: 'The due date a grade gives in a division: 17:00 plus its days, minus one when above 0',
        tags,
        querystring: referralDueDateQuerySchema,
        response: { 200: referralDueDateSchema },
      },
    },
    async (request) => {
      const { divisionId, grade, timeZone } = request.query
      const days = referralDueInDays(grade, await readSystemConfig(db, divisionId))
      const due = localDayAt(new Date(), timeZone ?? DEFAULT_TASK_TIME_ZONE, days, REFERRAL_DUE_HOUR)
      return { dueDate: due.toISOString() }
    },
  )

  api.get(
    '/referral/by-contact/:id',
    {
      config,
      schema: {
        summary: 'The referral timeline of a contact: its referrals and what happened to each',
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: referralTimelineSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      if (!(await isContactVisible(db, viewer, request.params.id))) throw notFound('Contact not found')
      return referralTimeline(db, viewer, request.params.id)
    },
  )

  api.get(
    '/referral/attention-to-options',
    {
      config: { projections: [readModelNames.users] },
      schema: {
        summary: 'Whom a referral to the division may be addressed to: its active users, by name',
        tags,
        querystring: attentionToOptionsQuerySchema,
        response: { 200: attentionToOptionsSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<{ user_id: string; name: string }>`
        select user_id, name from users
        where division_id = ${request.query.divisionId} and coalesce(disabled, false) = false
        order by name limit 500`.execute(db)
      return rows.map((r) => ({ userId: r.user_id, name: r.name }))
    },
  )
}
