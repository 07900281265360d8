import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { markAllNotificationsRead, markNotificationRead, notificationsQueryOptions } from './notifications-api'
import { NotificationItem } from './notification-item'
import { useReminderToasts } from './use-reminder-toasts'

/** The top bar's bell: unread count, the newest notifications, and a toast when a reminder comes in. */
export function NotificationBell() {
  const queryClient = useQueryClient()
  const query = useQuery(notificationsQueryOptions())
  const [open, setOpen] = useState(false)
  useReminderToasts(query.data?.rows)
  const unread = query.data?.unread ?? 0

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-8 [&_svg]:size-4"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          align="end"
          sideOffset={6}
          className="z-[60] flex max-h-[min(32rem,80vh)] w-96 flex-col rounded-lg bg-surface shadow-popover"
        >
          <div className="flex items-center justify-between border-b px-3 py-2">
            <span className="text-sm font-semibold">Notifications</span>
            <Button
              variant="link"
              size="sm"
              disabled={unread === 0}
              onClick={() => void markAllNotificationsRead(queryClient)}
            >
              Mark all read
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-auto p-1">
            {query.isPending ? (
              <div className="space-y-2 p-2" aria-label="Loading notifications">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-10" />
                ))}
              </div>
            ) : query.isError ? (
              <div className="flex flex-col items-center gap-2 px-3 py-6 text-sm text-muted-foreground">
                <span>Could not load notifications.</span>
                <Button size="sm" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            ) : query.data.rows.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">No records found</p>
            ) : (
              <ul className="flex flex-col">
                {query.data.rows.map((n) => (
                  <li key={n.id}>
                    <NotificationItem
                      notification={n}
                      onOpen={() => {
                        setOpen(false)
                        if (n.readAt === null) void markNotificationRead(queryClient, n.id)
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
