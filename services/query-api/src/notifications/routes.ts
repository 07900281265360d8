import { notificationListSchema, notificationsQuerySchema, readModelNames } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { viewerOf } from '../viewer'
import { listNotifications } from './list-notifications'

/** GET /notifications: the caller's own (the bell), newest first, with the unread count. */
export function notificationRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/notifications',
    {
      config: { projections: [readModelNames.notifications] },
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, and how many are unread',
        querystring: notificationsQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(db, viewerOf(request), request.query),
  )
}
