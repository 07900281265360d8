import type { EmailHistoryRow, EmailStatus } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'

const labels: Record<EmailStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  suppressed: 'Not sent: unsubscribed',
}

/** An email's standing as a badge. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const variant =
    status === 'failed' ? 'danger' : status === 'suppressed' ? 'warning' : status === 'sent' ? 'success' : undefined
  return <Badge variant={variant}>{labels[status]}</Badge>
}

export const emailStatusLabels = labels

/** What the recipient did with the mail: unsubscribed, reported abuse, clicked. */
export function RecipientAnswer({ row }: { row: Pick<EmailHistoryRow, 'unsubscribed' | 'reportedAbuse' | 'clicks'> }) {
  return (
    <>
      {row.unsubscribed && <Badge variant="warning">Unsubscribed</Badge>}
      {row.reportedAbuse && <Badge variant="danger">Reported abuse</Badge>}
      {row.clicks > 0 && <Badge>{row.clicks === 1 ? '1 click' : `${row.clicks} clicks`}</Badge>}
    </>
  )
}
