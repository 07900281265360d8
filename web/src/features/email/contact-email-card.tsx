import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { LOGISTICS_DIVISION_ID, emailMessages, suppressionReasons, type ContactDetails } from '@crm/contracts'
import { defaultListQuery, toSearchValue, withFilter } from '../../components/data-table/list-query-codec'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { lifecycleKeys } from '../../lib/query-keys'
import { useDivisionId } from '../../lib/session-store'
import { emailCommands, emailKeys, historyQuery, suppressionQuery } from './email-api'
import { sendEmailModal } from './send-email-modal'
import { EmailStatusBadge, RecipientAnswer } from './status-label'

const SHOWN = 5

/**
 * The contact's emails: Send Email (not in logistics, docs/product.md 6), and the last few sent or scheduled,
 * a scheduled one cancellable until it goes out.
 */
export function ContactEmailCard({ contact }: { contact: ContactDetails }) {
  const divisionId = useDivisionId()
  const queryClient = useQueryClient()
  const { data } = useQuery({
    ...historyQuery({ limit: SHOWN, first: 0, contactId: contact.id }),
    // While a mail waits to go out, look again now and then: it turns Sent on its own.
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'scheduled') ? 5000 : false),
  })
  const suppression = useQuery(suppressionQuery(contact.id)).data
  const rows = data?.rows ?? []
  // A mail that went out is on the timeline now.
  const sent = rows.filter((r) => r.status === 'sent').length
  const seen = useRef(sent)
  useEffect(() => {
    if (sent !== seen.current) void queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(contact.id) })
    seen.current = sent
  }, [sent, contact.id, queryClient])

  const open = () => {
    if (!contact.email) return notify.error(emailMessages.enterEmailFirst)
    sendEmailModal.open({ contact })
  }
  const cancel = async (id: string) => {
    await emailCommands.cancel(id)
    void queryClient.invalidateQueries({ queryKey: emailKeys.all })
  }

  return (
    <Card aria-label="Emails">
      <CardHeader>
        <CardTitle className="flex items-center gap-1.5">
          <Mail className="size-3.5 text-muted-foreground" /> Emails
          {suppression?.suppressed && suppression.reason && (
            <Badge
              variant={suppression.reason === 'abuse' ? 'danger' : 'warning'}
              title={`${suppression.address} gets no marketing email${suppression.at ? ` since ${formatDateTime(suppression.at)}` : ''}`}
            >
              {suppressionReasons[suppression.reason]}
            </Badge>
          )}
        </CardTitle>
        {divisionId !== LOGISTICS_DIVISION_ID && (
          <Button size="sm" onClick={open}>
            Send Email
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {data && rows.length === 0 && <p className="text-muted-foreground">No records found</p>}
        {rows.map((r) => (
          <div key={r.id} className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{r.subject}</p>
              <p className="text-xs text-muted-foreground">
                {r.senderName ?? '—'} · {formatDateTime(r.sentAt ?? r.sendingTime)}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-1.5">
              <RecipientAnswer row={r} />
              <EmailStatusBadge status={r.status} />
              {r.status === 'scheduled' && r.mine && (
                <Button size="sm" variant="ghost" onClick={() => void cancel(r.id)}>
                  Cancel
                </Button>
              )}
            </div>
          </div>
        ))}
        {(data?.total ?? 0) > SHOWN && (
          <Link
            to="/emails/history"
            search={{ query: toSearchValue(withFilter(defaultListQuery(), 'contactId', contact.id)) }}
            className="text-xs text-link hover:underline"
          >
            All emails
          </Link>
        )}
      </CardContent>
    </Card>
  )
}
