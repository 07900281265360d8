/**
 * Events of a user's notification stream (`notifications-<userId>`). A reminder of a task, or a message one
 * user sent another (POST /notifications), raises one; reading marks them read.
 */
export const NotificationKind = {
  TaskReminder: 'task-reminder',
  Message: 'message',
  Referral: 'referral',
} as const
export type NotificationKindId = (typeof NotificationKind)[keyof typeof NotificationKind]

export type NotificationRaised = {
  type: 'NotificationRaised'
  data: {
    notificationId: string
    userId: string
    kind: NotificationKindId
    title: string
    message: string | null
    contactId: string | null
    taskId: string | null
    /** The task's due date (a reminder) or the time the sender named. */
    dueDate: string | null
    /** For reminders: the remind time that fired. */
    remindAt: string | null
    /** Who sent it; null for the system (reminders). */
    raisedBy: string | null
    raisedAt: string
  }
}

export type NotificationsRead = {
  type: 'NotificationsRead'
  data: { userId: string; notificationIds: string[]; readAt: string }
}

export type NotificationEvent = NotificationRaised | NotificationsRead

export const notificationEventTypes = [
  'NotificationRaised',
  'NotificationsRead',
] as const satisfies readonly NotificationEvent['type'][]

export const notificationStreamId = (userId: string): string => `notifications-${userId}`
