import { contactStatusNames, statusBadgeVariant, type ContactStatusId } from '@crm/contracts'
import { Badge } from './ui/badge'

export function statusName(statusId: number): string {
  return contactStatusNames[statusId as ContactStatusId] ?? `Status ${statusId}`
}

/** Status colours of docs/product.md section 4: Lead danger, Prospect warning, Account success, others danger. */
export function StatusBadge({ statusId }: { statusId: number }) {
  return (
    <Badge variant={statusBadgeVariant(statusId)} dot>
      {statusName(statusId)}
    </Badge>
  )
}
