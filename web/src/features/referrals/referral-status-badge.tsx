import { ReferralStatus } from '@crm/contracts'
import type { ReferralRow } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
import { referralStatusName, usd } from './referral-format'

type Shown = Pick<ReferralRow, 'status' | 'paymentStatus' | 'paymentAmount'>

/** The referral's status, and Paid with its amount once marked as read (`part`: only one of the two). */
export function ReferralStatusBadge({ referral, part }: { referral: Shown; part?: 'status' | 'payment' }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {part !== 'payment' && (
        <Badge variant={referral.status === ReferralStatus.Completed ? 'success' : 'warning'}>
          {referralStatusName(referral.status)}
        </Badge>
      )}
      {part !== 'status' &&
        (referral.paymentStatus === 'Paid' ? (
          <Badge variant="success">Paid {usd(referral.paymentAmount)}</Badge>
        ) : (
          <Badge>Unpaid</Badge>
        ))}
    </span>
  )
}
