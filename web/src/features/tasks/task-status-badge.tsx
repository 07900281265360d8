import type { TaskRow } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
import { taskBadge } from './display-status'

/**
 * On Schedule / Past Due / Completed / Completed but not on time (docs/product.md 3), or why the task is no
 * longer work (its contact is Dead, Not Qualified or out of business).
 */
export function TaskStatusBadge({ task }: { task: Pick<TaskRow, 'displayStatus' | 'contactClosed'> }) {
  const { label, variant } = taskBadge(task)
  return (
    <Badge variant={variant} dot>
      {label}
    </Badge>
  )
}
