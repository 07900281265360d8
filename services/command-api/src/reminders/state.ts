import { reminderTimeOf, type TaskEvent } from '@crm/contracts'

/** What a task's reminder depends on, folded from the task stream (task-<id>). */
export interface TaskReminderState {
  taskId: string | null
  contactId: string | null
  /** The division the task was given in: the contact's status there decides whether it is still work. */
  divisionId: number | null
  title: string
  assigned: string | null
  dueDate: string | null
  /** Minutes before the due date; null for none. */
  reminder: number | null
  /** Neither completed nor deleted. */
  open: boolean
  /** Remind times (UTC ISO) that already went out. */
  fired: string[]
}

export const initialReminderState: TaskReminderState = {
  taskId: null,
  contactId: null,
  divisionId: null,
  title: '',
  assigned: null,
  dueDate: null,
  reminder: null,
  open: false,
  fired: [],
}

/** One reminder to send: the job's payload, and what must still hold when it fires. */
export interface ReminderJob {
  taskId: string
  /** UTC ISO: the due date minus the reminder. */
  remindAt: string
  assigned: string
}

export function evolveReminder(state: TaskReminderState, event: TaskEvent): TaskReminderState {
  switch (event.type) {
    case 'TaskCreated': {
      const d = event.data
      return {
        ...state,
        taskId: d.taskId,
        contactId: d.contactId,
        divisionId: d.divisionId,
        title: d.title,
        assigned: d.assigned,
        dueDate: d.dueDate,
        reminder: d.reminder,
        open: true,
      }
    }
    case 'TaskUpdated': {
      const { title, dueDate, reminder } = event.data.changes
      return {
        ...state,
        ...(title !== undefined && { title }),
        ...(dueDate !== undefined && { dueDate }),
        ...(reminder !== undefined && { reminder }),
      }
    }
    case 'TaskAssigned':
      return { ...state, assigned: event.data.assigned }
    case 'TaskDeleted':
    case 'TaskCompleted':
      return { ...state, open: false }
    case 'TaskReminderFired':
      return { ...state, fired: [...state.fired, event.data.remindAt] }
    default:
      return state
  }
}

/** The reminder the task wants now, or null: none set, closed, or already sent for this remind time. */
export function pendingReminder(state: TaskReminderState): ReminderJob | null {
  if (!state.open || !state.taskId || !state.assigned) return null
  const at = reminderTimeOf(state.dueDate, state.reminder)
  if (!at) return null
  const remindAt = at.toISOString()
  if (state.fired.includes(remindAt)) return null
  return { taskId: state.taskId, remindAt, assigned: state.assigned }
}

/**
 * Checked when the job runs, on the task as it is then: still open, still this remind time and this
 * assignee, not sent yet. A reschedule, reassignment, deletion or completion turns older jobs into no-ops.
 */
export function isStillDue(state: TaskReminderState, job: ReminderJob): boolean {
  const pending = pendingReminder(state)
  return pending !== null && pending.remindAt === job.remindAt && pending.assigned === job.assigned
}
