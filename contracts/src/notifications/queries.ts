import { z } from 'zod'

/** A notification as the bell lists it; dates are UTC ISO strings. */
export const notificationRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  taskId: z.string().nullable(),
  dueDate: z.string().nullable(),
  remindAt: z.string().nullable(),
  raisedBy: z.string().nullable(),
  raisedByName: z.string().nullable(),
  raisedAt: z.string(),
  readAt: z.string().nullable(),
})
export type NotificationRow = z.infer<typeof notificationRowSchema>

/** GET /notifications: the caller's, newest first. */
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
})
export const notificationListSchema = z.object({ rows: z.array(notificationRowSchema), unread: z.number() })
export type NotificationList = z.infer<typeof notificationListSchema>
