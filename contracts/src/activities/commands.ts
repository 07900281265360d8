import { z } from 'zod'
import { ActivityType } from '../constants/activities'

const activityTypes = Object.values(ActivityType) as number[]

/** POST /activity: log a call, email, meeting... for a contact (the minimal form; attachments come later). */
export const logActivitySchema = z.object({
  contactId: z.uuid(),
  divisionId: z.number().int().positive().optional(),
  activityType: z
    .number()
    .int()
    .refine((n) => activityTypes.includes(n), 'Unknown activity type'),
  subject: z.string({ error: 'Please Enter Subject' }).trim().min(1, 'Please Enter Subject').max(300),
  notes: z.string().trim().max(10_000).optional().nullable(),
  callData: z
    .object({ duration: z.number().int().min(0).max(86_400).default(0), outcome: z.enum(['Attempted', 'Answered']) })
    .optional()
    .nullable(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
})
export type LogActivityInput = z.infer<typeof logActivitySchema>

/** GET /activity/get-call-attempts answer. */
export const callAttemptsSchema = z.object({ callAttempts: z.number(), minCallAttempts: z.number() })

export const activityRowSchema = z.object({
  activityId: z.string(),
  contactId: z.string(),
  divisionId: z.number(),
  activityType: z.number(),
  subject: z.string(),
  notes: z.string().nullable(),
  callDuration: z.number().nullable(),
  callOutcome: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
})
export type ActivityRow = z.infer<typeof activityRowSchema>
