import { z } from 'zod'
import { drillPageQuery, reportPeriodQuery } from './sales-metrics'

/**
 * The task report (GET /task/task-report) and the follow-up report (follow-up-report): per user, the tasks due
 * in a period of the viewer's calendar (range 1-8 or days, utcOffset) and how they stand: done on time, done late,
 * past due now, still open on schedule. The follow-up report counts only follow-ups (tasks a completed task's next
 * step created). docs/decisions/036.
 */
export const taskReportKinds = ['all', 'followUps'] as const
export type TaskReportKind = (typeof taskReportKinds)[number]

export const taskReportColumns = {
  due: 'Due',
  doneOnTime: 'Done on time',
  doneLate: 'Done late',
  pastDue: 'Past due',
  onSchedule: 'Open, on schedule',
} as const
export type TaskReportColumn = keyof typeof taskReportColumns
export const taskReportColumnKeys = Object.keys(taskReportColumns) as TaskReportColumn[]

export const taskReportQuerySchema = z.object({
  ...reportPeriodQuery,
  kind: z.enum(taskReportKinds).default('all'),
  divisionId: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  userId: z.uuid().optional(),
  /** The zone whose clock decides Past Due (the division's past-due hour is a local hour); default the product's. */
  timeZone: z.string().max(64).optional(),
})
export type TaskReportQuery = z.infer<typeof taskReportQuerySchema>

const counts = z.object(
  Object.fromEntries(taskReportColumnKeys.map((k) => [k, z.number()])) as Record<TaskReportColumn, z.ZodNumber>,
)
export type TaskReportCounts = z.infer<typeof counts>

export const taskReportSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  kind: z.enum(taskReportKinds),
  rows: z.array(z.object({ userId: z.string(), userName: z.string(), counts, onTimePercent: z.number().nullable() })),
  totals: counts,
})
export type TaskReport = z.infer<typeof taskReportSchema>

/** The tasks behind one cell (follow-up-report modal). */
export const taskReportTasksQuerySchema = taskReportQuerySchema.extend({
  userId: z.uuid(),
  column: z.enum(taskReportColumnKeys as [TaskReportColumn, ...TaskReportColumn[]]),
  ...drillPageQuery,
})
export type TaskReportTasksQuery = z.infer<typeof taskReportTasksQuerySchema>

export const taskReportTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  dueDate: z.string(),
  completedDate: z.string().nullable(),
  /** Display status (docs/product.md 3): 0 On Schedule, 1 Past Due, 2 Completed, 3 Completed but not on time. */
  displayStatus: z.number(),
})
export type TaskReportTask = z.infer<typeof taskReportTaskSchema>
export const taskReportTasksPageSchema = z.object({ rows: z.array(taskReportTaskSchema), total: z.number() })

/** Done on time out of those done, two decimals; null when none is done. */
export function onTimePercent(counts: Pick<TaskReportCounts, 'doneOnTime' | 'doneLate'>): number | null {
  const done = counts.doneOnTime + counts.doneLate
  return done === 0 ? null : Math.round((counts.doneOnTime * 10_000) / done) / 100
}
