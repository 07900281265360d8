import type { TaskAttachment, TaskCompleted } from '@crm/contracts'

/** What the task's decisions need to know about its past. */
export interface TaskState {
  created: boolean
  deleted: boolean
  taskId: string | null
  contactId: string | null
  divisionId: number | null
  assigned: string | null
  title: string
  description: string | null
  priority: 0 | 1
  activityType: number
  dueDate: string | null
  /** The task's files (created with it, or what an edit kept): the completion's activity links them. */
  attachments: TaskAttachment[]
  /** The referral the task works (its completion sets the referral's status 2). */
  referralId: string | null
  /** Set once completed: the reactions (activity, follow-up task) are re-derived from it on a retry. */
  completion: TaskCompleted['data'] | null
}

export const initialTaskState: TaskState = {
  created: false,
  deleted: false,
  taskId: null,
  contactId: null,
  divisionId: null,
  assigned: null,
  title: '',
  description: null,
  priority: 0,
  activityType: 0,
  dueDate: null,
  attachments: [],
  referralId: null,
  completion: null,
}
