import type { TasksSummary } from '@crm/contracts'
import { dayKey } from '../calendar'

/** The days POST /task/tasks-summary asks about, as the user's own calendar days: today, tomorrow, 7 days from today. */
export function summaryDays(now: Date): { today: string; tomorrow: string; sevenDays: string } {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  return { today: dayKey(today), tomorrow: dayKey(tomorrow), sevenDays: dayKey(today) }
}

export type SummaryBucket = TasksSummary['today']

/**
 * A bucket split for its bar: completed, open and on schedule, past due, and open tasks whose contact left
 * the pipeline (past due and contact-closed tasks are open ones, never both; neither is on schedule).
 */
export function bucketParts(b: SummaryBucket): {
  completed: number
  onSchedule: number
  pastDue: number
  contactClosed: number
} {
  return {
    completed: b.completed,
    onSchedule: Math.max(0, b.open - b.pastDue - b.contactClosed),
    pastDue: b.pastDue,
    contactClosed: b.contactClosed,
  }
}
