import { Plus } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { useDivisionId } from '../auth/session-store'
import { createContactModal } from './create-contact-modal'

const number = new Intl.NumberFormat('en-US')

export function ContactsHeader({ total, totalIsCapped }: { total?: number; totalIsCapped?: boolean }) {
  const divisionId = useDivisionId()
  return (
    <div className="flex items-end justify-between gap-4">
      <div>
        <h1 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          Contacts
          {total !== undefined && (
            <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground tabular">
              {number.format(total)}
              {totalIsCapped ? '+' : ''}
            </span>
          )}
        </h1>
        <p className="mt-0.5 text-muted-foreground">All contacts{divisionId ? ` in division #${divisionId}` : ''}</p>
      </div>
      <Button variant="primary" onClick={() => createContactModal.open()}>
        <Plus /> New contact
      </Button>
    </div>
  )
}
