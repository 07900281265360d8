import { mustChange } from '../common/patch-schema'
import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { ActivityType } from '../constants/activities'
import { taskMessages } from './messages'
import { TaskNextStep } from './next-steps'

const activityTypes = Object.values(ActivityType) as number[]
const activityType = z
  .number()
  .int()
  .refine((n) => activityTypes.includes(n), 'Unknown activity type')
const nextSteps = Object.values(TaskNextStep) as number[]

export const taskAttachmentSchema = z.object({
  id: z.string().min(1).max(200),
  key: z.string().min(1).max(500),
  type: z.string().max(200),
  name: z.string().max(500),
})

/** IANA zone of the user's clock (e.g. America/Chicago): "today 17:00" is local time, stored as UTC. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'Unknown time zone')

const title = z.string({ error: taskMessages.subjectRequired }).trim().min(1, taskMessages.subjectRequired).max(300)

/** POST /task (docs/product.md 3): defaults status 0, priority 0, dueDate today 17:00, activityType 10013 (meeting). */
export const createTaskSchema = z.object({
  title,
  description: z.string().trim().max(10_000).optional().nullable(),
  /** Defaults to the author. */
  assigned: z.uuid().optional(),
  priority: z.union([z.literal(0), z.literal(1)]).default(0),
  dueDate: dateTimeSchema().optional(),
  activityType: activityType.default(ActivityType.Meeting),
  contactId: z.uuid(),
  divisionId: z.number().int().positive().optional(),
  /** A referral of this contact the caller sees (else 404 'Referral not found'). */
  referralId: z.uuid({ error: taskMessages.referralNotFound }).optional().nullable(),
  nextStepId: z.number().int().optional().nullable(),
  followUpDate: dateTimeSchema().optional().nullable(),
  /** Minutes before the due date (docs/product.md 3: none, 15/30/45 min ... 1 month); null for none. */
  reminder: z
    .number()
    .int()
    .min(0)
    .max(31 * 24 * 60)
    .optional()
    .nullable(),
  attachments: z.array(taskAttachmentSchema).max(50).default([]),
  isDemo: z.boolean().default(false),
  timeZone: timeZoneSchema.optional(),
})
export type CreateTask = z.infer<typeof createTaskSchema>

/** PATCH /task/{id}: any subset; `assigned` reassigns (TaskAssigned). */
export const updateTaskSchema = z
  .object({
    title: title.optional(),
    description: z.string().trim().max(10_000).optional().nullable(),
    assigned: z.uuid().optional(),
    priority: z.union([z.literal(0), z.literal(1)]).optional(),
    dueDate: dateTimeSchema().optional(),
    activityType: activityType.optional(),
    reminder: z
      .number()
      .int()
      .min(0)
      .max(31 * 24 * 60)
      .optional()
      .nullable(),
    attachments: z.array(taskAttachmentSchema).max(50).optional(),
  })
  .refine(...mustChange())
export type UpdateTask = z.infer<typeof updateTaskSchema>

/**
 * POST /task/complete/{id} (the complete_task modal; JSON, or multipart like POST /task). `nextStep` is required; None (0) only with the
 * none-next-step permission; PickedDate needs `followUpDate`. The activity fields become the contact's
 * ActivityLogged (subject defaults to the task's title, the type to the task's).
 */
export const completeTaskSchema = z.object({
  nextStep: z
    .number({ error: taskMessages.nextStepRequired })
    .int()
    .refine((n) => nextSteps.includes(n), taskMessages.nextStepRequired),
  followUpDate: dateTimeSchema().optional().nullable(),
  subject: z.string().trim().max(300).optional(),
  notes: z.string({ error: taskMessages.noteRequired }).trim().min(1, taskMessages.noteRequired).max(10_000),
  activityType: activityType.optional(),
  callData: z
    .object({ duration: z.number().int().min(0).max(86_400).default(0), outcome: z.enum(['Attempted', 'Answered']) })
    .optional()
    .nullable(),
  /**
   * Files of the completion (docs/product.md 4 "links attachments"): sent as multipart, `dataForTask` holding this
   * JSON and `attachments` the files, as on POST /task; the logged activity lists the task's files and these.
   */
  attachments: z.array(taskAttachmentSchema).max(50).default([]),
  timeZone: timeZoneSchema.optional(),
})
export type CompleteTask = z.infer<typeof completeTaskSchema>

export const taskCommandResultSchema = z.object({
  id: z.string(),
  position: z.string(),
  followUpTaskId: z.string().nullable().optional(),
})

/** POST /task/delete: several tasks at once (the task list's bulk delete). */
export const deleteTasksSchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Please select tasks').max(100),
})

/** What a bulk command answers: how many were done, and each refused record with the reason. */
export const bulkCommandResultSchema = z.object({
  done: z.number(),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
  position: z.string().nullable().optional(),
})
