import { contactClosedBy, NotificationKind, notificationStreamId } from '@crm/contracts'
import type { EventStore } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid } from '../command-handling/ids'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { notificationsDecider } from '../notifications/decide'
import { taskStreamId } from '../tasks/tasks.events'
import { reminderDecider } from './decide'
import { isStillDue, type ReminderJob, type TaskReminderState } from './state'
import { loadAggregate } from '../command-handling/load-aggregate'

export async function loadReminderState(store: EventStore, taskId: string): Promise<TaskReminderState> {
  return (await loadAggregate(store, taskStreamId(taskId), reminderDecider)).state
}

/**
 * Whether the task's contact left the pipeline where the task was given (Dead or Not Qualified in its
 * division, or out of business anywhere): such a task is not work (decision 011), so nobody is reminded of it.
 */
async function contactLeftPipeline(store: EventStore, state: TaskReminderState): Promise<boolean> {
  if (!state.contactId) return false
  const { state: contact } = await loadAggregate(store, contactStreamId(state.contactId), contactDecider)
  if (contact.outOfBusiness) return true
  const standing = state.divisionId === null ? undefined : contact.divisions[state.divisionId]
  return standing !== undefined && contactClosedBy(standing.statusId) !== null
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
 * The job: on the task as it is now, if the reminder is still due and its contact still worked, raise the assignee's notification and
 * then record TaskReminderFired on the task. Both appends run under ids derived from task and remind time,
 * so a job that runs twice (a retry, a restart, two sweeps) notifies once; a crash between the two appends
 * is finished by the next run, which raises nothing new.
 */
export async function fireReminder(store: EventStore, job: ReminderJob): Promise<{ fired: boolean }> {
  const state = await loadReminderState(store, job.taskId)
  if (!isStillDue(state, job)) return { fired: false }
  // Nothing is recorded: should the contact come back into the pipeline, a later due time reminds again.
  if (await contactLeftPipeline(store, state)) return { fired: false }
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
