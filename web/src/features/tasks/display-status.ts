import {
  TaskDisplayStatus,
  contactClosedNames,
  taskDisplayStatusNames,
  type TaskDisplayStatusId,
  type TaskRow,
  TaskStatus,
} from '@crm/contracts'

type Variant = 'neutral' | 'danger' | 'warning' | 'success' | 'accent'

const variants: Record<TaskDisplayStatusId, Variant> = {
  [TaskDisplayStatus.OnSchedule]: 'accent',
  [TaskDisplayStatus.PastDue]: 'danger',
  [TaskDisplayStatus.Completed]: 'success',
  [TaskDisplayStatus.CompletedLate]: 'warning',
}

/** The badge of a task's display status (docs/product.md 3); the server computes the status, this only names it. */
export function displayStatusBadge(status: number): { label: string; variant: Variant } {
  const known = status in taskDisplayStatusNames ? (status as TaskDisplayStatusId) : null
  if (known === null) return { label: 'Unknown', variant: 'neutral' }
  return { label: taskDisplayStatusNames[known], variant: variants[known] }
}

/** An open task whose contact left the pipeline shows why, instead of its status: it is no longer work. */
export function taskBadge(task: Pick<TaskRow, 'displayStatus' | 'contactClosed'>): { label: string; variant: Variant } {
  if (task.contactClosed) return { label: contactClosedNames[task.contactClosed], variant: 'neutral' }
  return displayStatusBadge(task.displayStatus)
}

/** Completed (2) or completed late (3): the task can no longer be completed or edited. */
export const isCompleted = (task: { status: number }) => task.status === TaskStatus.Completed
