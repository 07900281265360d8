/**
 * Task reminders (docs/product.md 3 "Call reminder options", 4 "Reminder time = task time minus chosen unit"). A task
 * stores its reminder as minutes before its due date (null for none); these are the choices the form offers.
 */
const MINUTE = 1
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY
/** "1 month before" is stored in minutes like the others: 30 days. */
const MONTH = 30 * DAY

export interface ReminderOption {
  /** Minutes before the due date; null for no reminder. */
  minutes: number | null
  label: string
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} before`
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

export const REMINDER_OPTIONS: readonly ReminderOption[] = [
  { minutes: null, label: 'None' },
  ...[15, 30, 45].map((n) => ({ minutes: n * MINUTE, label: plural(n, 'minute') })),
  ...range(1, 12).map((n) => ({ minutes: n * HOUR, label: plural(n, 'hour') })),
  ...range(1, 4).map((n) => ({ minutes: n * DAY, label: plural(n, 'day') })),
  ...range(1, 3).map((n) => ({ minutes: n * WEEK, label: plural(n, 'week') })),
  { minutes: MONTH, label: '1 month before' },
]

/** The label of a stored reminder (any minute count, also ones not in the list). */
export function reminderLabel(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return 'None'
  const known = REMINDER_OPTIONS.find((o) => o.minutes === minutes)
  return known ? known.label : plural(minutes, 'minute')
}

/** When to remind: the due date minus the reminder; null without a reminder or a valid due date. */
export function reminderTimeOf(
  dueDate: string | Date | null | undefined,
  minutes: number | null | undefined,
): Date | null {
  if (minutes === null || minutes === undefined || dueDate === null || dueDate === undefined) return null
  const due = new Date(dueDate).getTime()
  if (Number.isNaN(due)) return null
  return new Date(due - minutes * 60_000)
}

/** The job queue name of reminders (the job port's queue, not an event type). */
export const TASK_REMINDER_JOB = 'task-reminder'
