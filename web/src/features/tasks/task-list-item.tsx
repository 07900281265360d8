import { ActivityType, activityTypeNames, type ActivityTypeId, type TaskRow } from '@crm/contracts'
import { CheckCheck, Flag } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { formatDateTime } from '../../lib/format-date'
import { isCompleted } from './display-status'
import { TaskContact } from './task-contact'
import { openCompleteTask, openTask } from './task-modals'
import { TaskStatusBadge } from './task-status-badge'

/**
 * One task in a list (contact card, dashboard): open it by its title, complete it in place. Away from the
 * contact's page (`showContact`) its contact opens by name and its business phone dials.
 */
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
          <TaskStatusBadge task={task} />
        </div>
        <p className="mt-0.5 flex flex-wrap items-baseline gap-x-1 text-xs text-muted-foreground tabular">
          <span>
            {task.activityType === ActivityType.Meeting ? 'Meeting' : type} · due {formatDateTime(task.dueDate)}
          </span>
          {showContact && (task.contactName || task.contactPhone) && (
            <>
              · <TaskContact task={task} />
            </>
          )}
          {task.assignedName && <span>· {task.assignedName}</span>}
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
