import { mustChange } from '../common/patch-schema'
import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { ActivityType } from '../constants/activities'

const activityTypes = Object.values(ActivityType) as number[]

const activityType = z
  .number()
  .int()
  .refine((n) => activityTypes.includes(n), 'Unknown activity type')
const subject = z.string({ error: 'Please Enter Subject' }).trim().min(1, 'Please Enter Subject').max(300)
const notes = z.string().trim().max(10_000).optional().nullable()
const callDataFields = {
  duration: z.number().int().min(0).max(86_400),
  outcome: z.enum(['Attempted', 'Answered']),
}
const callData = z
  .object({ ...callDataFields, duration: callDataFields.duration.default(0) })
  .optional()
  .nullable()
/** An edit replaces the call data whole, so it sends the duration too: no default fills it in. */
const callDataEdit = z.object(callDataFields).optional().nullable()
const occurredAt = dateTimeSchema().optional()
/**
 * The user's offset east of UTC in minutes (-getTimezoneOffset() in a browser): "today" of the meeting-date
 * rule is the user's calendar day. UTC when absent.
 */
const utcOffset = z.number().int().min(-840).max(840).optional()

/** POST /activity: log a call, email, meeting... for a contact (the minimal form; attachments come later). */
export const logActivitySchema = z.object({
  contactId: z.uuid(),
  divisionId: z.number().int().positive().optional(),
  activityType,
  subject,
  notes,
  callData,
  occurredAt,
  utcOffset,
})
export type LogActivityInput = z.infer<typeof logActivitySchema>

/**
 * PATCH /activity/{id}: the fields to change (absent: unchanged; notes or callData null: cleared). The
 * author or a manager of the activity's division may edit; an inactive activity cannot be edited.
 */
export const editActivitySchema = z
  .object({
    contactId: z.uuid(),
    activityType: activityType.optional(),
    subject: subject.optional(),
    notes,
    callData: callDataEdit,
    occurredAt,
    utcOffset,
  })
  .refine(...mustChange('contactId', 'utcOffset'))
export type EditActivityInput = z.infer<typeof editActivitySchema>

/** PATCH /activity/set-inactive/{id}: the contact whose stream holds the activity. */
export const setActivityInactiveSchema = z.object({ contactId: z.uuid() })

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

/**
 * POST /activity/link-attachments: files of a task of the contact joined to one of its activities (what task
 * completion does for the activity it logs, here for an activity logged apart). Without `keys`, all of the task's.
 * Files already on the activity are not added twice; an activity holds at most 5.
 */
export const linkAttachmentsSchema = z.object({
  contactId: z.uuid(),
  activityId: z.uuid(),
  taskId: z.uuid(),
  keys: z.array(z.string().trim().min(1).max(300)).min(1).max(5).optional(),
})
export type LinkAttachmentsInput = z.infer<typeof linkAttachmentsSchema>
