import type { TaskEvent } from '@crm/contracts'
import type { Decider } from '../command-handling/decider'
import { evolveReminder, initialReminderState, isStillDue, type ReminderJob, type TaskReminderState } from './state'

export type FireTaskReminder = { type: 'FireTaskReminder'; job: ReminderJob; notificationId: string }

/**
 * Records on the task stream that a reminder went out. Decides nothing when the reminder is no longer due
 * (the task changed meanwhile) or was already recorded: running a job twice records it once.
 */
export const reminderDecider: Decider<TaskReminderState, FireTaskReminder, TaskEvent> = {
  initialState: initialReminderState,
  evolve: evolveReminder,
  decide(state, { job, notificationId }) {
    if (!isStillDue(state, job)) return []
    return [
      {
        type: 'TaskReminderFired',
        data: {
          taskId: job.taskId,
          contactId: state.contactId!,
          assigned: job.assigned,
          remindAt: job.remindAt,
          notificationId,
        },
      },
    ]
  },
}
