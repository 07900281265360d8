import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'

export const notificationMessages = {
  titleRequired: 'Please enter a title',
  notFound: 'Notification not found',
} as const

/**
 * POST /notifications: a notification for a user (default: the caller). Others only for managers (their
 * team), executives and administrators.
 */
export const createNotificationSchema = z.object({
  userId: z.uuid().optional(),
  title: z
    .string({ error: notificationMessages.titleRequired })
    .trim()
    .min(1, notificationMessages.titleRequired)
    .max(300),
  message: z.string().trim().max(2000).optional().nullable(),
  contactId: z.uuid().optional().nullable(),
  taskId: z.uuid().optional().nullable(),
  dueDate: dateTimeSchema().optional().nullable(),
})
export type CreateNotification = z.infer<typeof createNotificationSchema>

export const notificationCommandResultSchema = z.object({
  id: z.string().nullable(),
  position: z.string(),
  /** How many notifications this marked read. */
  read: z.number().optional(),
})
