import type { EventStore } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import type { CompleteTaskCommand } from '../tasks/commands'
import { DEFAULT_TIME_ZONE } from '../tasks/next-step'
import { latest, loadTask, runOnContact, runOnTask, derived } from '../tasks/run-task'
import { recordReferralTaskCompleted } from '../referrals/referral-task-completed'

/**
 * Completion in three idempotent steps, each under a command id derived from the request's:
 * 1. the task stream decides TaskCompleted (next step, follow-up due date and ids);
 * 2. the contact stream records ActivityLogged, closes this task's marker and opens the follow-up's;
 * 3. the follow-up task stream is created (unless the next step was None).
 * Steps 2-3 read what step 1 decided from the task stream, so a retried request (the same Idempotency-Key)
 * finishes a completion a crash interrupted instead of deciding it again.
 */
export async function completeAndFollowUp(
  store: EventStore,
  envelope: CommandEnvelope,
  command: CompleteTaskCommand & { taskId: string },
) {
  const { taskId, ...taskCommand } = command
  const done = await runOnTask(store, taskId, taskCommand, envelope)
  const task = await loadTask(store, taskId)
  const completion = task.completion!
  const followUpAssigned = completion.followUpTaskId ? task.assigned : null
  const recorded = await runOnContact(
    store,
    completion.contactId,
    { type: 'RecordTaskCompletion', completion, followUpAssigned },
    envelope,
    'contact',
  )
  let followUpPosition = null
  if (completion.followUpTaskId && followUpAssigned) {
    const created = await runOnTask(
      store,
      completion.followUpTaskId,
      {
        type: 'CreateTask',
        actor: command.actor,
        taskId: completion.followUpTaskId,
        data: {
          title: task.title,
          description: task.description,
          assigned: followUpAssigned,
          priority: task.priority,
          dueDate: completion.followUpDate!,
          activityType: task.activityType,
          contactId: completion.contactId,
          divisionId: completion.divisionId,
          nextStepId: completion.nextStepId,
          attachments: [],
          isDemo: false,
        },
        timeZone: command.timeZone ?? DEFAULT_TIME_ZONE,
        followsTaskId: taskId,
      },
      derived(envelope, 'follow-up'),
    )
    followUpPosition = created.position
  }
  const referral = await recordReferralTaskCompleted(store, envelope, task, completion.completedBy)
  return {
    position: latest(done.position, recorded.position, followUpPosition, referral),
    followUpTaskId: completion.followUpTaskId,
    /** A repeat of a completion already recorded: its files are the first run's, this run's are spare. */
    duplicate: done.duplicate,
  }
}
