import { timelinePageSchema, timelineQuerySchema, readModelNames } from '@crm/contracts'
import { badRequest, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { openableContactId } from '../contacts/find-contact'
import { mergedFamily } from '../contacts/merged-family'
import { viewerOf } from '../viewer'
import { decodeCursor } from './cursor'
import { timelinePage } from './timeline'

/** Read models the timeline reads (X-Min-Position waits for them, so a just-logged activity shows). */
const projections = [
  readModelNames.contactsList,
  readModelNames.contactDivisions,
  readModelNames.activities,
  readModelNames.users,
]

/** The largest activity type id there can be (an int column). */
const MAX_TYPE_ID = 2_147_483_647

/** GET /contact-activities-timeline/all: the contact page's activity timeline, a page at a time (docs/product.md 2, 9). */
export function activityTimelineRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contact-activities-timeline/all',
    {
      config: { projections },
      schema: {
        summary: "A contact's timeline: activities, notes, comments, status changes",
        tags: ['activities'],
        querystring: timelineQuerySchema,
        response: { 200: timelinePageSchema },
      },
    },
    async (request) => {
      const { limit, before, types } = request.query
      // The query's own shape says digits; the read model's type ids are PostgreSQL integers.
      if (types?.some((t) => !Number.isSafeInteger(t) || t > MAX_TYPE_ID))
        throw badRequest('Invalid activity type', { types: 'Activity type ids are whole numbers up to 2147483647' })
      // The same rule as the contact page itself: a contact the viewer cannot see does not exist for them, and a
      // combined one is read as its survivor.
      const contactId = await openableContactId(db, viewerOf(request), request.query.contactId)
      if (!contactId) throw notFound('Contact not found')
      const cursor = before === undefined ? undefined : decodeCursor(before)
      if (before !== undefined && !cursor) throw badRequest('Invalid cursor')
      // Activities of contacts combined into this one are part of its history (as on activities-by-contact).
      const contactIds = await mergedFamily(db, contactId)
      return timelinePage(db, { contactIds, limit, before: cursor, types })
    },
  )
}
