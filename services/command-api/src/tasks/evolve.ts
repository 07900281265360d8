import type { TaskEvent } from '@crm/contracts'
import type { TaskState } from './state'

export function evolveTask(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated': {
      const d = event.data
      return {
        ...state,
        created: true,
        taskId: d.taskId,
        contactId: d.contactId,
        divisionId: d.divisionId,
        assigned: d.assigned,
        title: d.title,
        description: d.description,
        priority: d.priority,
        activityType: d.activityType,
        dueDate: d.dueDate,
        attachments: d.attachments ?? [],
        referralId: d.referralId ?? null,
      }
    }
    case 'TaskUpdated':
      return { ...state, ...event.data.changes }
    case 'TaskAssigned':
      return { ...state, assigned: event.data.assigned }
    case 'TaskDeleted':
      return { ...state, deleted: true }
    case 'TaskCompleted':
      return { ...state, completion: event.data }
    default:
      // Events this version does not know yet change nothing it decides on.
      return state
  }
}
