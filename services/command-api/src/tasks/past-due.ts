import { TaskDisplayStatus, type TaskDisplayStatusId } from '@crm/contracts'
import { localDayAt } from '@crm/platform'

/** The past-due rule of tasks (docs/product.md 3): when a task stops being On Schedule, and whether it was done in time. */

/**
 * The moment a task becomes Past Due. Rule: the division's taskPastDueTime is the hour (local) until which
 * the due day's work may still be done; a task due earlier that day is not past due before that hour, and a
 * task due after that hour is past due from its own due time. So: max(dueDate, due day at taskPastDueTime).
 */
export function pastDueAt(dueDate: Date, timeZone: string, taskPastDueTime: number): Date {
  const cutoff = localDayAt(dueDate, timeZone, 0, taskPastDueTime)
  return cutoff > dueDate ? cutoff : dueDate
}

/**
 * Display status (docs/product.md 3): open tasks are On Schedule until pastDueAt, then Past Due; completed tasks
 * are Completed, or Completed but not on time when completed after pastDueAt.
 */
export function displayStatus(
  task: { dueDate: Date; completedDate: Date | null },
  now: Date,
  timeZone: string,
  taskPastDueTime: number,
): TaskDisplayStatusId {
  const limit = pastDueAt(task.dueDate, timeZone, taskPastDueTime)
  if (task.completedDate) {
    return task.completedDate > limit ? TaskDisplayStatus.CompletedLate : TaskDisplayStatus.Completed
  }
  return now > limit ? TaskDisplayStatus.PastDue : TaskDisplayStatus.OnSchedule
}
