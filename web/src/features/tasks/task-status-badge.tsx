import { Badge } from '../../components/ui/badge'
import { displayStatusBadge } from './display-status'

/** On Schedule / Past Due / Completed / Completed but not on time (docs/product.md 3). */
export function TaskStatusBadge({ status }: { status: number }) {
  const { label, variant } = displayStatusBadge(status)
  return (
    <Badge variant={variant} dot>
      {label}
    </Badge>
  )
}
