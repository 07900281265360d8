import { ActivityType, activityTypeNames, type ActivityTypeId, type TimelineItem } from '@crm/contracts'
import { Mail, MailOpen, MessageSquare, PhoneIncoming, PhoneOutgoing, Users, type LucideIcon } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'
import { formatDate, formatDateTime } from '../../lib/format-date'
import { ActivityActions } from '../activities'
import { AttachmentLinks } from '../../components/attachments/attachment-links'
import { formatCallDuration } from '../../lib/timeline-format'

const icons: Record<number, LucideIcon> = {
  [ActivityType.OutgoingCall]: PhoneOutgoing,
  [ActivityType.IncomingCall]: PhoneIncoming,
  [ActivityType.TextMessage]: MessageSquare,
  [ActivityType.Email]: Mail,
  [ActivityType.Meeting]: Users,
  [ActivityType.DirectMail]: MailOpen,
}

// Call time belongs to calls; the API accepts callData on any type, so other types never show it.
const calls: number[] = [ActivityType.OutgoingCall, ActivityType.IncomingCall]

/** docs/product.md 9: notes are clipped at 75px until the user asks for the rest. */
const NOTES_CLIP_PX = 75

/** One activity; `contactId` is the contact whose page shows it (edit and set inactive act on its own items). */
export function TimelineEntry({ item, contactId }: { item: TimelineItem; contactId: string }) {
  const Icon = icons[item.activityType] ?? MessageSquare
  const typeName = activityTypeNames[item.activityType as ActivityTypeId] ?? String(item.activityType)
  // hh:mm A is the time half of the MM/DD/YYYY hh:mm A display format.
  const time = formatDateTime(item.occurredAt).slice(11)
  return (
    <li className="flex gap-3 border-b pb-3 last:border-b-0" aria-label={`Activity ${item.subject}`}>
      <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-muted" title={typeName}>
        <Icon className="size-3.5" aria-label={typeName} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-x-2">
          <p className="min-w-0 pt-0.5 font-medium break-words">{item.subject}</p>
          <span className="flex shrink-0 items-center gap-1">
            <span className="rounded bg-subtle px-1.5 text-xs text-muted-foreground">{item.followUpLabel}</span>
            <ActivityActions contactId={contactId} item={item} />
          </span>
        </div>
        <p className="text-xs text-muted-foreground tabular">
          {item.userName ?? 'System'} · {formatDate(item.occurredAt)} · {time}
          {item.callDuration !== null && calls.includes(item.activityType) && (
            <> · Call time {formatCallDuration(item.callDuration)}</>
          )}
        </p>
        {item.notes && <Notes text={item.notes} />}
        <AttachmentLinks attachments={item.attachments} contactId={item.contactId} />
      </div>
    </li>
  )
}

function Notes({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [open, setOpen] = useState(false)
  const [overflows, setOverflows] = useState(false)
  // Only notes taller than the clip get the link; measured after layout, as the height depends on the width.
  useLayoutEffect(() => {
    if (ref.current) setOverflows(ref.current.scrollHeight > NOTES_CLIP_PX + 1)
  }, [text])
  return (
    <div className="mt-1">
      <p
        ref={ref}
        className="overflow-hidden text-[13px] leading-5 text-muted-foreground whitespace-pre-wrap break-words"
        style={open ? undefined : { maxHeight: NOTES_CLIP_PX }}
      >
        {text}
      </p>
      {overflows && (
        <button type="button" className="text-xs text-primary hover:underline" onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'See full notes'}
        </button>
      )}
    </div>
  )
}
