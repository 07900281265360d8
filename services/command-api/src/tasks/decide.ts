import {
  TaskNextStep,
  attachmentMessages,
  canSeeWorkOf,
  taskMessages,
  type TaskEvent,
  type TaskUpdated,
  TaskStatus,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type {
  CompleteTaskCommand,
  CreateTaskCommand,
  FollowReferralDueDateCommand,
  TaskCommand,
  UpdateTaskCommand,
} from './commands'
import { evolveTask } from './evolve'
import { defaultDueDate, followUpDue } from './next-step'
import { pastDueAt } from './past-due'
import { initialTaskState, type TaskState } from './state'

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim()

/** The task exists, is not deleted and is still open: anything may be decided on it. */
function assertOpen(state: TaskState): void {
  if (!state.created || state.deleted) throw notFound(taskMessages.taskNotFound)
  if (state.completion) throw new DomainError(taskMessages.completed)
}

function createTask(state: TaskState, command: CreateTaskCommand, context: DecideContext): TaskEvent[] {
  if (state.created) throw new DomainError('This task already exists')
  const d = command.data
  // Validated at the edge too; kept here because the rule belongs to the task, whoever sends the command.
  if (!d.title.trim()) throw new FieldRuleError('title', taskMessages.subjectRequired)
  const dueDate = d.dueDate ? new Date(d.dueDate) : defaultDueDate(context.now, command.timeZone)
  return [
    {
      type: 'TaskCreated',
      data: {
        taskId: command.taskId,
        title: d.title.trim(),
        description: blankToNull(d.description),
        assigned: d.assigned,
        status: TaskStatus.Open,
        priority: d.priority,
        dueDate: dueDate.toISOString(),
        activityType: d.activityType,
        contactId: d.contactId,
        divisionId: d.divisionId,
        creationDate: context.now.toISOString(),
        referralId: d.referralId ?? null,
        nextStepId: d.nextStepId ?? null,
        followUpDate: d.followUpDate ? new Date(d.followUpDate).toISOString() : null,
        reminder: d.reminder ?? null,
        attachments: d.attachments,
        isDemo: d.isDemo,
        followsTaskId: command.followsTaskId,
        createdBy: command.actor.userId,
      },
    },
  ]
}

function updateTask(state: TaskState, command: UpdateTaskCommand): TaskEvent[] {
  assertOpen(state)
  const { assigned, ...rest } = command.changes
  if (rest.title !== undefined && !rest.title.trim()) throw new FieldRuleError('title', taskMessages.subjectRequired)
  const changes: TaskUpdated['data']['changes'] = {}
  if (rest.title !== undefined && rest.title.trim() !== state.title) changes.title = rest.title.trim()
  if (rest.description !== undefined && blankToNull(rest.description) !== state.description) {
    changes.description = blankToNull(rest.description)
  }
  if (rest.priority !== undefined && rest.priority !== state.priority) changes.priority = rest.priority
  if (rest.dueDate !== undefined) {
    const dueDate = new Date(rest.dueDate).toISOString()
    if (dueDate !== state.dueDate) changes.dueDate = dueDate
  }
  if (rest.activityType !== undefined && rest.activityType !== state.activityType) {
    changes.activityType = rest.activityType
  }
  if (rest.reminder !== undefined) changes.reminder = rest.reminder
  if (rest.attachments !== undefined) {
    // An edit may drop files from the task, never name new ones (those are uploaded, bound to the task).
    const attached = new Set(state.attachments.map((a) => a.key))
    if (rest.attachments.some((a) => !attached.has(a.key))) {
      throw new FieldRuleError('attachments', attachmentMessages.notThisTasks)
    }
    changes.attachments = rest.attachments
  }
  const events: TaskEvent[] = []
  const taskId = state.taskId!
  if (assigned !== undefined && assigned !== state.assigned) {
    events.push({
      type: 'TaskAssigned',
      data: { taskId, contactId: state.contactId!, fromAssigned: state.assigned!, assigned },
    })
  }
  if (Object.keys(changes).length > 0) events.push({ type: 'TaskUpdated', data: { taskId, changes } })
  return events
}

function completeTask(state: TaskState, command: CompleteTaskCommand, context: DecideContext): TaskEvent[] {
  assertOpen(state)
  const { data, timeZone, config } = command
  if (data.nextStep === TaskNextStep.None && !command.mayChooseNone) {
    throw new FieldRuleError('nextStep', taskMessages.noneNextStepNotAllowed)
  }
  const followUp = followUpDue({ now: context.now, timeZone, config, ...data })
  const activityId = context.ids.next()
  const followUpTaskId = followUp ? context.ids.next() : null
  const limit = pastDueAt(new Date(state.dueDate!), timeZone, config.taskPastDueTime)
  return [
    {
      type: 'TaskCompleted',
      data: {
        taskId: state.taskId!,
        contactId: state.contactId!,
        divisionId: state.divisionId!,
        completedDate: context.now.toISOString(),
        completedBy: command.actor.userId,
        late: context.now > limit,
        nextStepId: data.nextStep,
        followUpDate: followUp?.toISOString() ?? null,
        followUpTaskId,
        activity: {
          activityId,
          activityType: data.activityType ?? state.activityType,
          subject: blankToNull(data.subject) ?? state.title,
          notes: blankToNull(data.notes),
          callData: data.callData ?? null,
          attachments: [...state.attachments, ...(data.attachments ?? [])],
        },
      },
    },
  ]
}

/**
 * The task's referral was re-dated: an open task of that referral takes the new due date, recorded as an edit
 * (TaskUpdated) so its history shows it. A task already done, deleted, of another referral or already due then
 * changes nothing (a retried edit re-dates once).
 */
function followReferralDueDate(state: TaskState, command: FollowReferralDueDateCommand): TaskEvent[] {
  if (!state.created || state.deleted || state.completion || state.referralId !== command.referralId) return []
  const dueDate = new Date(command.dueDate).toISOString()
  if (dueDate === state.dueDate) return []
  return [{ type: 'TaskUpdated', data: { taskId: state.taskId!, changes: { dueDate } } }]
}

/** The task aggregate (stream task-<id>): pure, time and ids from the context. */
export function decideTask(state: TaskState, command: TaskCommand, context: DecideContext): TaskEvent[] {
  // Someone else's task one may not see is answered as a missing one, whatever the command. The referral's
  // re-dating is decided by the referral's rules (the sender edits it, the task is the receiver's).
  const checksVisibility = command.type !== 'CreateTask' && command.type !== 'FollowReferralDueDate'
  if (checksVisibility && state.created && !canSeeWorkOf(command.actor, state.assigned)) {
    throw notFound(taskMessages.taskNotFound)
  }
  switch (command.type) {
    case 'CreateTask':
      return createTask(state, command, context)
    case 'UpdateTask':
      return updateTask(state, command)
    case 'DeleteTask':
      if (!state.created || state.deleted) throw notFound(taskMessages.taskNotFound)
      return [{ type: 'TaskDeleted', data: { taskId: state.taskId!, contactId: state.contactId! } }]
    case 'CompleteTask':
      return completeTask(state, command, context)
    case 'FollowReferralDueDate':
      return followReferralDueDate(state, command)
  }
}

export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = {
  initialState: initialTaskState,
  evolve: evolveTask,
  startsStream: (command) => command.type === 'CreateTask',
  decide: decideTask,
}
