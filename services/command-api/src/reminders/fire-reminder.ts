import { NotificationKind, notificationStreamId, type TaskEvent } from '@crm/contracts'
import type { EventStore } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid } from '../command-handling/ids'
import { notificationsDecider } from '../notifications/decide'
import { taskStreamId } from '../tasks/tasks.events'
import { reminderDecider } from './reminder-decider'
import {
  evolveReminder,
  initialReminderState,
  isStillDue,
  type ReminderJob,
  type TaskReminderState,
} from './reminder-state'

export async function loadReminderState(store: EventStore, taskId: string): Promise<TaskReminderState> {
  const history = await store.readStream(taskStreamId(taskId))
  return history.reduce((s, e) => evolveReminder(s, e as unknown as TaskEvent), initialReminderState)
}

/** The system acts here, not a user; the command id is derived from the reminder, so reruns dedupe. */
const systemEnvelope = (commandId: string, causationId: string | null = null): CommandEnvelope => ({
  commandId,
  userId: null,
  divisionId: null,
  correlationId: commandId,
  causationId,
})

/**
 * The job: on the task as it is now, if the reminder is still due, raise the assignee's notification and
 * then record TaskReminderFired on the task. Both appends run under ids derived from task and remind time,
 * so a job that runs twice (a retry, a restart, two sweeps) notifies once; a crash between the two appends
 * is finished by the next run, which raises nothing new.
 */
export async function fireReminder(store: EventStore, job: ReminderJob): Promise<{ fired: boolean }> {
  const state = await loadReminderState(store, job.taskId)
  if (!isStillDue(state, job)) return { fired: false }
  const key = `task-reminder:${job.taskId}:${job.remindAt}`
  const notificationId = derivedUuid(key)
  await handleCommand(
    store,
    notificationsDecider,
    notificationStreamId(job.assigned),
    {
      type: 'RaiseNotification',
      notification: {
        notificationId,
        userId: job.assigned,
        kind: NotificationKind.TaskReminder,
        title: state.title,
        message: null,
        contactId: state.contactId,
        taskId: job.taskId,
        dueDate: state.dueDate,
        remindAt: job.remindAt,
        raisedBy: null,
        raisedAt: new Date().toISOString(),
      },
    },
    systemEnvelope(key),
  )
  await handleCommand(
    store,
    reminderDecider,
    taskStreamId(job.taskId),
    { type: 'FireTaskReminder', job, notificationId },
    systemEnvelope(`${key}:fired`, key),
  )
  return { fired: true }
}
