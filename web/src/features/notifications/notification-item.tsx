import { NotificationKind, type NotificationRow } from '@crm/contracts'
import { Link } from '@tanstack/react-router'
import { AlarmClock, MessageSquare } from 'lucide-react'
import { cn } from '../../lib/cn'
import { formatDateTime } from '../../lib/format-date'

/** One notification in the bell: what, for which contact, when due; unread ones stand out. */
export function NotificationItem({ notification: n, onOpen }: { notification: NotificationRow; onOpen: () => void }) {
  const unread = n.readAt === null
  const Icon = n.kind === NotificationKind.TaskReminder ? AlarmClock : MessageSquare
  const body = (
    <>
      <span
        className={cn(
          'mt-0.5 grid size-6 shrink-0 place-items-center rounded-full [&_svg]:size-3.5',
          unread ? 'bg-accent text-accent-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('truncate text-[13px]', unread ? 'font-semibold text-foreground' : 'text-foreground/80')}>
          {n.title}
        </span>
        {n.message && <span className="line-clamp-2 text-xs text-muted-foreground">{n.message}</span>}
        <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          {n.contactName && <span className="truncate text-link">{n.contactName}</span>}
          {n.dueDate && <span>Due {formatDateTime(n.dueDate)}</span>}
          {n.kind !== NotificationKind.TaskReminder && n.raisedByName && <span>From {n.raisedByName}</span>}
        </span>
      </span>
      {unread && <span aria-label="Unread" className="mt-2 size-2 shrink-0 rounded-full bg-link" />}
    </>
  )
  const className =
    'flex w-full items-start gap-2.5 rounded-md px-2 py-2 text-left outline-none hover:bg-muted focus-visible:bg-muted'
  return n.contactId ? (
    <Link to="/contacts/$id" params={{ id: n.contactId }} className={className} onClick={onOpen}>
      {body}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {body}
    </button>
  )
}
