import {
  ActivityType,
  activitiesByTypeQuerySchema,
  activitiesPageSchema,
  activityMessages,
  activitySummaryQuerySchema,
  activitySummaryRanges,
  activitySummarySchema,
  rangeInstants,
  summaryContactsPageSchema,
  summaryContactsQuerySchema,
  summaryRange,
  type ActivitySummaryId,
  readModelNames,
} from '@crm/contracts'
import { badRequest, forbidden, hasPermission, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { mergedFamily } from '../contacts/merged-family'
import { viewerOf } from '../viewer'
import { activitiesByType, ofContacts, visibleActivities } from './by-type'
import { countActivities, summaryContacts } from './summary'
import { summaryUserOf } from './whose'

const tags = ['activities']
const summaryParams = z.object({ id: z.coerce.number().int().min(1).max(12) })

/**
 * GET /activity/by-type, /activity/summary/{1..12}, /activity/summary/contacts (docs/product.md 7 "Activities").
 * Only active activities count anywhere: set-inactive withdraws one from every list and number.
 */
export function activityQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/activity/by-type',
    {
      config: {
        projections: [
          readModelNames.contactsList,
          readModelNames.contactDivisions,
          readModelNames.activities,
          readModelNames.users,
        ],
      },
      schema: {
        summary: 'Active activities of one type, newest first, paged',
        tags,
        querystring: activitiesByTypeQuerySchema,
        response: { 200: activitiesPageSchema },
      },
    },
    async (request) => {
      const { contactId, ...page } = request.query
      // Without the direct-mail permission that type is hidden (docs/product.md 6), here as everywhere.
      if (page.type === ActivityType.DirectMail && !hasPermission(request.user, 'direct-mail')) throw forbidden()
      const viewer = viewerOf(request)
      if (!contactId) return activitiesByType(db, visibleActivities(viewer), page)
      if (!(await isContactVisible(db, viewer, contactId))) throw notFound('Contact not found')
      return activitiesByType(db, ofContacts(await mergedFamily(db, contactId)), page)
    },
  )

  // Registered before /activity/summary/:id; the router prefers the static segment either way.
  api.get(
    '/activity/summary/contacts',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.activities, readModelNames.users] },
      schema: {
        summary: 'Contacts with activities in a date range, paged',
        tags,
        querystring: summaryContactsQuerySchema,
        response: { 200: summaryContactsPageSchema },
      },
    },
    async (request) => {
      const { dateFrom, dateTo, utcOffset, userId, activityType, limit, first } = request.query
      const range = rangeInstants({ dateFrom, dateTo }, utcOffset)
      if (!range) throw badRequest(activityMessages.selectDateRange, { dateFrom: activityMessages.selectDateRange })
      const whose = await summaryUserOf(db, request, userId)
      return summaryContacts(db, { userId: whose, range, activityType, limit, first })
    },
  )

  api.get(
    '/activity/summary/:id',
    {
      config: { projections: [readModelNames.activities, readModelNames.users] },
      schema: {
        tags,
        summary: 'Activities per type over range {id} (1-8 SPEC periods, 9 today, 10 yesterday, 11/12 last 7/30 days)',
        params: summaryParams,
        querystring: activitySummaryQuerySchema,
        response: { 200: activitySummarySchema },
      },
    },
    async (request) => {
      const id = request.params.id as ActivitySummaryId
      const { utcOffset } = request.query
      const userId = await summaryUserOf(db, request, request.query.userId)
      const days = summaryRange(id, new Date(), utcOffset)
      const counted = await countActivities(db, userId, rangeInstants(days, utcOffset)!)
      return { summaryId: id, label: activitySummaryRanges[id], ...days, userId, ...counted }
    },
  )
}
