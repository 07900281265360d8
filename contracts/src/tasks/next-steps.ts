import { NextStep } from '../constants/activities'
import { ContactStatus } from '../constants/statuses'

/**
 * Next steps a task completion offers (docs/product.md 4). docs/product.md gives ids for None and 10001-10004 only; the
 * "further step" with a date picker and the 2-hour quick follow-up get ids after them.
 */
export const TaskNextStep = {
  ...NextStep,
  PickedDate: 10005,
  QuickFollowUp: 10006,
} as const
export type TaskNextStepId = (typeof TaskNextStep)[keyof typeof TaskNextStep]

/** Display status of a task (docs/product.md 3). */
export const TaskDisplayStatus = {
  OnSchedule: 0,
  PastDue: 1,
  Completed: 2,
  CompletedLate: 3,
} as const
export type TaskDisplayStatusId = (typeof TaskDisplayStatus)[keyof typeof TaskDisplayStatus]
export const taskDisplayStatusNames: Record<TaskDisplayStatusId, string> = {
  0: 'On Schedule',
  1: 'Past Due',
  2: 'Completed',
  3: 'Completed but not on time',
}

/**
 * Why an open task is no longer work: its contact left the pipeline in the task's division (Dead, Not
 * Qualified) or stopped trading (out of business, whatever the division). Shown instead of the display status.
 */
export const contactClosedReasons = ['dead', 'not_qualified', 'out_of_business'] as const
export type ContactClosedReason = (typeof contactClosedReasons)[number]
export const contactClosedNames: Record<ContactClosedReason, string> = {
  dead: 'Contact is Dead',
  not_qualified: 'Not Qualified',
  out_of_business: 'Out of business',
}

/** The reason a move to `statusId` closes a contact's tasks in that division; null for a working status. */
export function contactClosedBy(statusId: number): ContactClosedReason | null {
  if (statusId === ContactStatus.Dead) return 'dead'
  if (statusId === ContactStatus.NotQualified) return 'not_qualified'
  return null
}
