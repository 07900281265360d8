import {
  NotificationKind,
  isManagerOf,
  createNotificationSchema,
  notificationCommandResultSchema,
  notificationStreamId,
} from '@crm/contracts'
import {
  forbidden,
  hasPermission,
  worksAcrossDivisions,
  type EventStore,
  type HttpApp,
  type RequestUser,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { findUserById } from '../users/users-read-model'
import { callerOf, callerWithTeam } from '../command-handling/caller'
import { assertSeesContact } from '../contacts/run-contact-command'
import { assertSeesTask } from '../tasks/run-task'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { notificationsDecider } from './decide'

const tags = ['notifications']

/**
 * Who may notify whom: anyone themselves; administrators and executives anyone; a manager their team
 * (users whose manager they are). Unknown users answer like forbidden ones, so ids cannot be probed.
 */
async function mayNotify(db: Kysely<unknown>, user: RequestUser, target: string): Promise<boolean> {
  if (target === user.userId) return true
  const member = await findUserById(db, target)
  if (!member || member.disabled) return false
  return hasPermission(user, 'admin') || worksAcrossDivisions(user) || isManagerOf(user, member)
}

/** POST /notifications (docs/product.md 7) and marking the caller's notifications read. */
export function notificationRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Notify a user (yourself; managers their team)',
        body: createNotificationSchema,
        response: { 201: notificationCommandResultSchema },
      },
    },
    async (request, reply) => {
      const body = request.body
      const userId = body.userId ?? request.user.userId
      if (!(await mayNotify(db, request.user, userId))) throw forbidden()
      // A notification may point only at what its author may see.
      if (body.contactId) await assertSeesContact(store, callerOf(request), body.contactId)
      if (body.taskId) await assertSeesTask(store, await callerWithTeam(db, request), body.taskId)
      const envelope = envelopeOf(request)
      const notificationId = idsFor(envelope.commandId, 'notification').next()
      const result = await handleCommand(
        store,
        notificationsDecider,
        notificationStreamId(userId),
        {
          type: 'RaiseNotification',
          notification: {
            notificationId,
            userId,
            kind: NotificationKind.Message,
            title: body.title,
            message: body.message?.trim() || null,
            contactId: body.contactId ?? null,
            taskId: body.taskId ?? null,
            dueDate: body.dueDate ? new Date(body.dueDate).toISOString() : null,
            remindAt: null,
            raisedBy: request.user.userId,
            raisedAt: new Date().toISOString(),
          },
        },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: notificationId }))
    },
  )

  const markRead = async (userId: string, ids: string[] | 'all', request: Parameters<typeof envelopeOf>[0]) => {
    const result = await handleCommand(
      store,
      notificationsDecider,
      notificationStreamId(userId),
      { type: 'MarkNotificationsRead', userId, notificationIds: ids },
      envelopeOf(request),
    )
    const read = result.events.reduce(
      (n, e) => n + (e.type === 'NotificationsRead' ? e.data.notificationIds.length : 0),
      0,
    )
    return { position: result.position, read }
  }

  api.patch(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all of your notifications read',
        response: { 200: notificationCommandResultSchema },
      },
    },
    async (request, reply) => {
      const { position, read } = await markRead(request.user.userId, 'all', request)
      return withPosition(reply, position, { id: null, read })
    },
  )

  api.patch(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of your notifications read',
        params: z.object({ id: z.uuid() }),
        response: { 200: notificationCommandResultSchema },
      },
    },
    async (request, reply) => {
      // Only the caller's own stream is looked at: another user's notification id is simply not found.
      const { position, read } = await markRead(request.user.userId, [request.params.id], request)
      return withPosition(reply, position, { id: request.params.id, read })
    },
  )
}
