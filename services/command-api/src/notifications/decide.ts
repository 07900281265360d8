import { notificationMessages, type NotificationEvent, type NotificationRaised } from '@crm/contracts'
import { notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

/** A user's notification stream (notifications-<userId>): which notifications exist and which are unread. */
export interface NotificationsState {
  /** Notification id → read. */
  known: Record<string, boolean>
}

export type NotificationCommand =
  | { type: 'RaiseNotification'; notification: NotificationRaised['data'] }
  | { type: 'MarkNotificationsRead'; userId: string; notificationIds: string[] | 'all' }

function evolve(state: NotificationsState, event: NotificationEvent): NotificationsState {
  switch (event.type) {
    case 'NotificationRaised':
      return { known: { ...state.known, [event.data.notificationId]: false } }
    case 'NotificationsRead': {
      const known = { ...state.known }
      for (const id of event.data.notificationIds) if (id in known) known[id] = true
      return { known }
    }
    default:
      return state
  }
}

export const notificationsDecider: Decider<NotificationsState, NotificationCommand, NotificationEvent> = {
  initialState: { known: {} },
  evolve,
  decide(state, command, { now }) {
    switch (command.type) {
      case 'RaiseNotification':
        // Raised under an id derived from its cause (a reminder's task and time): once only.
        if (command.notification.notificationId in state.known) return []
        return [{ type: 'NotificationRaised', data: command.notification }]
      case 'MarkNotificationsRead': {
        const ids = command.notificationIds
        if (ids !== 'all') {
          const missing = ids.find((id) => !(id in state.known))
          if (missing) throw notFound(notificationMessages.notFound)
        }
        const unread = (ids === 'all' ? Object.keys(state.known) : ids).filter((id) => state.known[id] === false)
        if (unread.length === 0) return []
        return [
          {
            type: 'NotificationsRead',
            data: { userId: command.userId, notificationIds: unread, readAt: now.toISOString() },
          },
        ]
      }
    }
  },
}
