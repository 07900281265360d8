import { creditApplicationStatuses } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'

const variants = {
  1: 'accent',
  2: 'warning',
  3: 'success',
  4: 'danger',
  5: 'success',
  6: 'neutral',
  7: 'success',
} as const

export function ApplicationStatusBadge({ statusId }: { statusId: number }) {
  const id = statusId as keyof typeof creditApplicationStatuses
  return (
    <Badge variant={variants[id] ?? 'neutral'} dot>
      {creditApplicationStatuses[id] ?? 'Unknown'}
    </Badge>
  )
}
