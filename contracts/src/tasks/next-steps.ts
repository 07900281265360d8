import { NextStep } from '../constants/activities'

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
