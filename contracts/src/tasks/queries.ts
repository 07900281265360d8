import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { taskAttachmentSchema, timeZoneSchema } from './commands'
import { contactClosedReasons } from './next-steps'

/**
 * What the query API answers about tasks (docs/product.md 3 "Task", 7 "Tasks"). Dates are UTC ISO strings; the
 * display status is computed on read from the division's taskPastDueTime, so it moves with the clock.
 */
export const taskRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  assigned: z.string(),
  assignedName: z.string().nullable(),
  /** 0 open, 2 completed (docs/product.md 3). */
  status: z.number(),
  /** 0 On Schedule, 1 Past Due, 2 Completed, 3 Completed but not on time. */
  displayStatus: z.number(),
  priority: z.number(),
  dueDate: z.string(),
  activityType: z.number(),
  contactId: z.string(),
  contactName: z.string().nullable(),
  /** The contact's business phone. */
  contactPhone: z.string().nullable(),
  /** Set on an open task whose contact left the pipeline: not counted as work, shown instead of displayStatus. */
  contactClosed: z.enum(contactClosedReasons).nullable(),
  divisionId: z.number(),
  creationDate: z.string(),
  completedDate: z.string().nullable(),
  completedBy: z.string().nullable(),
  nextStepId: z.number().nullable(),
  followUpDate: z.string().nullable(),
  /** Minutes before dueDate; null for none. */
  reminder: z.number().nullable(),
  referralId: z.string().nullable(),
  followsTaskId: z.string().nullable(),
  followUpTaskId: z.string().nullable(),
  attachments: z.array(taskAttachmentSchema),
})
export type TaskRow = z.infer<typeof taskRowSchema>

/** Task list filters of docs/product.md 3: All, Past Due (1), Due Now (2), Meetings Only (3). */
export const TaskListFilter = { All: 0, PastDue: 1, DueNow: 2, MeetingsOnly: 3 } as const
export type TaskListFilterId = (typeof TaskListFilter)[keyof typeof TaskListFilter]
export const taskListFilterNames: Record<TaskListFilterId, string> = {
  0: 'All',
  1: 'Past Due',
  2: 'Due Now',
  3: 'Meetings Only',
}

/**
 * GET /task/assigned-tasks: the open tasks of a user (default: the caller; others only for managers within
 * their team and executives). Past Due and Due Now list the most urgent first (earliest due); All and
 * Meetings Only the newest due first. `includeCompleted` adds completed ones.
 */
export const assignedTasksQuerySchema = z.object({
  filter: z.coerce
    .number()
    .int()
    .refine((n) => n >= 0 && n <= 3, 'Unknown filter')
    .default(0),
  userId: z.uuid().optional(),
  includeCompleted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** The caller's clock (IANA zone): "today" and the past-due hour are local to it. */
  timeZone: timeZoneSchema.optional(),
})
export type AssignedTasksQuery = z.infer<typeof assignedTasksQuerySchema>

export const taskPageSchema = z.object({ rows: z.array(taskRowSchema), total: z.number() })
export type TaskPage = z.infer<typeof taskPageSchema>

/** A date-only value, 'YYYY-MM-DD' (docs/product.md 9). */
export const dateOnlySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')

/**
 * POST /task/tasks-summary: the caller's (or userId's) tasks due on the days given, as the client sees them
 * (its own calendar days in `timeZone`): today, tomorrow and the seven days starting today.
 */
export const tasksSummaryRequestSchema = z.object({
  today: dateOnlySchema,
  tomorrow: dateOnlySchema,
  sevenDays: dateOnlySchema,
  userId: z.uuid().optional(),
  timeZone: z.string().max(64).optional(),
})
/** `pastDue` and `contactClosed` are parts of `open` that never overlap; the rest of `open` is on schedule. */
const summaryBucket = z.object({
  total: z.number(),
  open: z.number(),
  completed: z.number(),
  pastDue: z.number(),
  contactClosed: z.number(),
})
export const tasksSummarySchema = z.object({ today: summaryBucket, tomorrow: summaryBucket, sevenDays: summaryBucket })
export type TasksSummary = z.infer<typeof tasksSummarySchema>

/** docs/product.md 9: the dashboard task panel shows 20. */
export const DASHBOARD_TASK_LIMIT = 20

/** Meeting event (docs/product.md 3): POST /events, PATCH /events/{id}. */
export const meetingRowSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  contactName: z.string().nullable(),
  taskId: z.string().nullable(),
  subject: z.string(),
  note: z.string().nullable(),
  meetingStart: z.string(),
  meetingEnd: z.string(),
  location: z.string().nullable(),
  attendees: z.array(z.string()),
  timeZone: z.string(),
  userId: z.string(),
})
export type MeetingRow = z.infer<typeof meetingRowSchema>

/** GET /calendar?from&to&userId: a user's tasks (by due date) and meetings (by start) in [from, to). */
export const calendarQuerySchema = z.object({
  from: dateTimeSchema(),
  to: dateTimeSchema(),
  userId: z.uuid().optional(),
  timeZone: timeZoneSchema.optional(),
})
export const calendarSchema = z.object({ tasks: z.array(taskRowSchema), meetings: z.array(meetingRowSchema) })
export type Calendar = z.infer<typeof calendarSchema>

/**
 * Which clock "today" and "past due" are read on: the caller's IANA zone, or America/Chicago (the sales
 * floor's, as on the command side) when none is sent. Every task query accepts it.
 */
export const DEFAULT_TASK_TIME_ZONE = 'America/Chicago'
export const taskClockQuerySchema = z.object({ timeZone: timeZoneSchema.optional() })

/** The user whose tasks a query reads: the caller by default; others as the visibility rules allow. */
export const taskOwnerQuerySchema = taskClockQuerySchema.extend({ userId: z.uuid().optional() })

/**
 * GET /task/users-for-select: users for a task screen's user picker, 50 a page (docs/product.md 9). `assign`: whom
 * the caller may assign a task to (the task window's Assigned); `view`: whose tasks the caller may see (the
 * calendar's and the dashboard's user). The caller comes first on the first page.
 */
export const taskUsersQuerySchema = z.object({
  purpose: z.enum(['assign', 'view']),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
})
export type TaskUsersQuery = z.infer<typeof taskUsersQuerySchema>

/** GET /task/due-date-task/{date}: the user's tasks due on that local day, open and completed. */
export const dueDateTaskParamsSchema = z.object({ date: dateOnlySchema })

/** GET /task/monthly?month=YYYY-MM: the user's tasks due in that local month, open and completed. */
export const monthlyTasksQuerySchema = taskOwnerQuerySchema.extend({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the month format YYYY-MM'),
})

/** GET /task/is-task-assigned: does the user (default the caller) hold an open task on the contact? */
export const isTaskAssignedQuerySchema = z.object({ contactId: z.uuid(), userId: z.uuid().optional() })
export const isTaskAssignedSchema = z.object({ assigned: z.boolean(), taskId: z.string().nullable() })
export type IsTaskAssigned = z.infer<typeof isTaskAssignedSchema>

/** GET /task/today-meeting: the caller's meeting events starting today (local), earliest first. */
export const todayMeetingsSchema = z.array(meetingRowSchema)

/** GET /activity/summary/pas-due-tasks/count (docs/product.md spelling): the user's open Past Due tasks. */
export const pastDueTaskCountSchema = z.object({ count: z.number() })

/**
 * GET /task/get-notes: the notes written on a contact's tasks (each task with a description), newest first, for
 * the caller's view of whose tasks they see (docs/decisions/027-the-remaining-contact-calls.md).
 */
export const taskNotesQuerySchema = taskClockQuerySchema.extend({ contactId: z.uuid() })
export const TASK_NOTES_LIMIT = 100
