import { dayKey } from '../calendar/calendar-grid'

/** The days POST /task/tasks-summary asks about, as the user's own calendar days: today, tomorrow, 7 days from today. */
export function summaryDays(now: Date): { today: string; tomorrow: string; sevenDays: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return { today: dayKey(today), tomorrow: dayKey(tomorrow), sevenDays: dayKey(today) }
}

export type SummaryBucket = { total: number; open: number; completed: number; pastDue: number }

/** A bucket split for its bar: completed, open and on schedule, past due (past due tasks are open ones). */
export function bucketParts(b: SummaryBucket): { completed: number; onSchedule: number; pastDue: number } {
  return { completed: b.completed, onSchedule: Math.max(0, b.open - b.pastDue), pastDue: b.pastDue }
}
