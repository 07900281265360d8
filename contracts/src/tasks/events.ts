/**
 * Events of the task stream (`task-<id>`), docs/product.md section 3 "Task". Dates are UTC ISO strings; who and
 * when are also in the metadata. Fields are only ever added, never renamed (read models build on them).
 */
/** A task's stored status (docs/product.md 3): open from creation, completed once done. Shown as TaskDisplayStatus. */
export const TaskStatus = { Open: 0, Completed: 2 } as const
export type TaskStatusId = (typeof TaskStatus)[keyof typeof TaskStatus]

export interface TaskAttachment {
  id: string
  key: string
  type: string
  name: string
}

export type TaskCreated = {
  type: 'TaskCreated'
  data: {
    taskId: string
    title: string
    description: string | null
    assigned: string
    /** Always 0 on creation (docs/product.md); 2 once completed. */
    status: 0
    priority: 0 | 1
    dueDate: string
    activityType: number
    contactId: string
    divisionId: number
    creationDate: string
    referralId: string | null
    nextStepId: number | null
    followUpDate: string | null
    /** Minutes before dueDate to remind; null for none. */
    reminder: number | null
    attachments: TaskAttachment[]
    isDemo: boolean
    /** The completed task this one follows up (null when created by hand). */
    followsTaskId: string | null
    createdBy: string
  }
}

/** PATCH /task/{id}: only the fields that changed, with their new values. */
export type TaskUpdated = {
  type: 'TaskUpdated'
  data: {
    taskId: string
    changes: Partial<
      Pick<
        TaskCreated['data'],
        'title' | 'description' | 'priority' | 'dueDate' | 'activityType' | 'reminder' | 'attachments'
      >
    >
  }
}

export type TaskDeleted = { type: 'TaskDeleted'; data: { taskId: string; contactId: string } }

export type TaskAssigned = {
  type: 'TaskAssigned'
  data: { taskId: string; contactId: string; fromAssigned: string; assigned: string }
}

/**
 * Completion: the chosen next step and, unless it was None, the follow-up task's id and due date (decided
 * here so that the reactor creating the follow-up only copies them). `activity` is what the contact's
 * timeline records (ActivityLogged on the contact stream, written by the reactor keyed by this event's id).
 */
export type TaskCompleted = {
  type: 'TaskCompleted'
  data: {
    taskId: string
    contactId: string
    divisionId: number
    completedDate: string
    completedBy: string
    /** True when completed after the division's past-due time of the due date (display status 3). */
    late: boolean
    nextStepId: number
    followUpDate: string | null
    followUpTaskId: string | null
    activity: {
      activityId: string
      activityType: number
      subject: string
      notes: string | null
      callData: { duration: number; outcome: 'Attempted' | 'Answered' } | null
      /**
       * The files the activity links: the task's own, then those sent with the completion. Absent on
       * completions recorded before completions took files (read as none).
       */
      attachments?: TaskAttachment[]
    }
  }
}

/**
 * The task's reminder went out (a NotificationRaised to `assigned`). Recorded on the task stream so that the
 * reminder is not sent twice and the task_reminders read model knows it is done; `remindAt` names which one
 * (a changed due date or reminder is a new remind time, and fires again).
 */
export type TaskReminderFired = {
  type: 'TaskReminderFired'
  data: { taskId: string; contactId: string; assigned: string; remindAt: string; notificationId: string }
}

export type TaskEvent = TaskCreated | TaskUpdated | TaskDeleted | TaskAssigned | TaskCompleted | TaskReminderFired

export const taskEventTypes = [
  'TaskCreated',
  'TaskUpdated',
  'TaskDeleted',
  'TaskAssigned',
  'TaskCompleted',
  'TaskReminderFired',
] as const satisfies readonly TaskEvent['type'][]

/**
 * Open-task markers on the contact stream (`contact-<id>`): which users hold an open task on the contact, for the
 * call check ('This user already has task assigned for this contact!'), which needs every task of the contact, so
 * it lives on the contact's stream, not on any one task's (decision 005).
 */
export type ContactTaskOpened = {
  type: 'ContactTaskOpened'
  data: { contactId: string; taskId: string; assigned: string }
}
export type ContactTaskClosed = {
  type: 'ContactTaskClosed'
  data: { contactId: string; taskId: string; reason: 'completed' | 'deleted' }
}
export type ContactTaskMarkerEvent = ContactTaskOpened | ContactTaskClosed
