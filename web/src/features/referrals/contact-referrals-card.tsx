import { useQuery } from '@tanstack/react-query'
import { History, Send } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { formatDate } from '../../lib/format-date'
import { referralTimelineQuery } from './referrals-api'
import { openReferral } from './referral-modal'
import { openReferralTimeline } from './referral-timeline-modal'
import { ReferralStatusBadge } from './referral-status-badge'

/** The contact page's referrals: refer the contact to another division, and the referral timeline. */
export function ContactReferralsCard({ contact }: { contact: { id: string; name: string } }) {
  const referrals = useQuery(referralTimelineQuery(contact.id))
  const props = { contactId: contact.id, contactName: contact.name }
  return (
    <Card aria-label="Referrals">
      <CardHeader>
        <CardTitle>Referrals</CardTitle>
        <span className="flex gap-1.5">
          <Button size="sm" variant="ghost" onClick={() => openReferralTimeline(props)}>
            <History /> Timeline
          </Button>
          <Button size="sm" onClick={() => openReferral(props)}>
            <Send /> Refer
          </Button>
        </span>
      </CardHeader>
      <CardContent className="py-1">
        <ListStates query={referrals} what="Referrals" isEmpty={(d) => d.referrals.length === 0}>
          {(data) => (
            <ul className="divide-y">
              {data.referrals.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {r.divisionFromName ?? 'A division'} → {r.divisionName ?? 'a division'}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {r.attentionToName ?? 'Someone'} · due {formatDate(r.dueDate)}
                    </span>
                  </span>
                  <ReferralStatusBadge referral={r} />
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  )
}
