import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { formatDateTime } from '../../lib/format-date'
import { outboxQueryOptions } from './admin-api'
import { AdminPageHeader } from './admin-page-header'

/** Mail the system would have sent: the local outbox used when no SMTP server is configured. */
export function MailOutboxPage() {
  const [first, setFirst] = useState(0)
  const { data } = useQuery(outboxQueryOptions(first))
  const total = data?.total ?? 0
  return (
    <div className="flex max-w-4xl flex-col gap-4 p-6">
      <AdminPageHeader
        title="Mail outbox"
        description="Without an SMTP server, outgoing mail is kept here instead of being sent."
      />
      {data && data.rows.length === 0 && (
        <Card className="grid place-items-center gap-2 p-10 text-center text-muted-foreground">
          <Inbox className="size-6" />
          No mail yet.
        </Card>
      )}
      <div className="flex flex-col gap-2">
        {data?.rows.map((mail) => (
          <Card key={mail.id}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{mail.subject}</span>
                  <span className="block truncate text-xs text-muted-foreground">To {mail.to}</span>
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatDateTime(mail.createdAt)}</span>
              </summary>
              <pre className="border-t px-4 py-3 font-sans text-[13px] whitespace-pre-wrap">{mail.text}</pre>
            </details>
          </Card>
        ))}
      </div>
      {total > 20 && (
        <div className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
          {first + 1}–{Math.min(first + 20, total)} of {total}
          <Button
            size="icon"
            variant="ghost"
            aria-label="Previous page"
            disabled={first === 0}
            onClick={() => setFirst(first - 20)}
          >
            <ChevronLeft />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Next page"
            disabled={first + 20 >= total}
            onClick={() => setFirst(first + 20)}
          >
            <ChevronRight />
          </Button>
        </div>
      )}
    </div>
  )
}
