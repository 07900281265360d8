import type { TimelineItem } from '@crm/contracts'
import { EyeOff, Pencil } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { editActivityModal } from './edit-activity-modal'
import { useMayChange } from './may-change'
import { setInactiveModal } from './set-inactive-modal'

/**
 * Edit and Set inactive on a timeline item, for its author, a manager of its division or an executive.
 * Activities of a contact combined into this one stay read-only here (they live on the retired contact).
 */
export function ActivityActions({ contactId, item }: { contactId: string; item: TimelineItem }) {
  const mayChange = useMayChange()
  if (item.contactId !== contactId || !mayChange({ authorId: item.userId, divisionId: item.divisionId })) return null
  return (
    <span className="flex shrink-0 items-center">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Edit activity"
        title="Edit activity"
        onClick={() => editActivityModal.open({ contactId, item })}
      >
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Set inactive"
        title="Set inactive"
        onClick={() => setInactiveModal.open({ contactId, item })}
      >
        <EyeOff />
      </Button>
    </span>
  )
}
