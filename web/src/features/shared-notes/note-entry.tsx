import type { TaskAttachment } from '@crm/contracts'
import { Trash2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { formatDateTime } from '../../lib/format-date'
import { AttachmentLinks } from '../../components/attachments/attachment-links'

type Entry = {
  contactId?: string
  attachments?: readonly TaskAttachment[]
  subject: string | null
  note: string
  createdByName: string | null
  divisionId: number
  creationDate: string
  oldCrmNote?: string | null
}

/** One note or comment on a vertical timeline: subject, text, who, where and when; delete when allowed. */
export function NoteEntry({ entry, label, onDelete }: { entry: Entry; label: string; onDelete?: () => void }) {
  return (
    <li className="relative border-l border-border pb-3 pl-4 last:border-transparent last:pb-0" aria-label={label}>
      <span aria-hidden className="absolute top-1.5 -left-[4.5px] size-2 rounded-full bg-primary/70" />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {entry.subject && <p className="font-medium break-words">{entry.subject}</p>}
          <p className="text-[13px] whitespace-pre-wrap break-words">{entry.note}</p>
          {entry.oldCrmNote && (
            <p className="mt-1 rounded bg-subtle px-2 py-1 text-xs whitespace-pre-wrap text-muted-foreground">
              <span className="font-medium">Previous CRM: </span>
              {entry.oldCrmNote}
            </p>
          )}
          {entry.contactId && entry.attachments && (
            <AttachmentLinks attachments={entry.attachments} contactId={entry.contactId} />
          )}
          <p className="mt-0.5 text-xs text-muted-foreground tabular">
            {entry.createdByName ?? 'System'} · Division {entry.divisionId} · {formatDateTime(entry.creationDate)}
          </p>
        </div>
        {onDelete && (
          <Button variant="ghost" size="icon-sm" aria-label="Delete" title="Delete" onClick={onDelete}>
            <Trash2 />
          </Button>
        )}
      </div>
    </li>
  )
}
