import type { TaskAttachment } from '@crm/contracts'
import { Paperclip } from 'lucide-react'
import { shortAttachmentName } from '../../lib/timeline-format'
import { attachmentLink } from './download-link'

/** A record's files as download links, names cut to 10 characters (docs/product.md 9) with the full name on hover. */
export function AttachmentLinks({
  attachments,
  contactId,
}: {
  attachments: readonly TaskAttachment[]
  contactId: string
}) {
  if (attachments.length === 0) return null
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Attachments">
      {attachments.map((a) => (
        <li key={a.id}>
          <a
            title={a.name}
            target="_blank"
            rel="noreferrer"
            {...attachmentLink(a, contactId)}
            className="flex items-center gap-1 rounded border px-1.5 text-xs hover:bg-muted hover:text-link"
          >
            <Paperclip className="size-3" /> {shortAttachmentName(a.name)}
          </a>
        </li>
      ))}
    </ul>
  )
}
