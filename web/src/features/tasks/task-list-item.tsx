import { ActivityType, activityTypeNames, type ActivityTypeId, type TaskRow } from '@crm/contracts'
import { CheckCheck, Flag } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { formatDateTime } from '../../lib/format-date'
import { isCompleted } from './display-status'
import { openCompleteTask, openTask } from './task-modals'
import { TaskStatusBadge } from './task-status-badge'

/** One task in a list (contact card, dashboard): open it by its title, complete it in place. */
export function TaskListItem({ task, showContact = false }: { task: TaskRow; showContact?: boolean }) {
  const type = activityTypeNames[task.activityType as ActivityTypeId] ?? ''
  return (
    <li aria-label={`Task ${task.title}`} className="flex items-start gap-3 border-b py-2 last:border-b-0">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {task.priority === 1 && <Flag className="size-3.5 fill-danger text-danger" aria-label="High priority" />}
          <button
            type="button"
            onClick={() => openTask(task.id)}
            className="min-w-0 truncate text-left text-[13px] font-medium hover:text-link hover:underline"
          >
            {task.title}
          </button>
          <TaskStatusBadge status={task.displayStatus} />
        </div>
        <p className="mt-0.5 truncate text-xs text-muted-foreground tabular">
          {task.activityType === ActivityType.Meeting ? 'Meeting' : type} · due {formatDateTime(task.dueDate)}
          {showContact && task.contactName ? ` · ${task.contactName}` : ''}
          {task.assignedName ? ` · ${task.assignedName}` : ''}
        </p>
      </div>
      {!isCompleted(task) && (
        <Button size="sm" aria-label={`Complete ${task.title}`} onClick={() => openCompleteTask(task.id)}>
          <CheckCheck /> Complete
        </Button>
      )}
    </li>
  )
}
