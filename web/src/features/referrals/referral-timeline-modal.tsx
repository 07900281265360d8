import { useQuery } from '@tanstack/react-query'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { ListStates } from '../../components/ui/list-states'
import { formatDate, formatDateTime } from '../../lib/format-date'
import { referralTimelineQuery } from './referrals-api'
import { ReferralStatusBadge } from './referral-status-badge'

type TimelineProps = { contactId: string; contactName: string }

/** referral_timeline (950): every referral of the contact and what happened to it, from its events. */
function ReferralTimeline({ props }: ModalComponentProps<TimelineProps>) {
  const timeline = useQuery(referralTimelineQuery(props.contactId))
  return (
    <ModalBody>
      <ListStates query={timeline} what="Referrals" isEmpty={(d) => d.referrals.length === 0}>
        {(data) => (
          <ol className="flex flex-col gap-4">
            {data.referrals.map((r) => (
              <li key={r.id} className="rounded-md border p-3">
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {r.divisionFromName ?? 'A division'} → {r.divisionName ?? 'a division'}: {r.subject}
                  </span>
                  <ReferralStatusBadge referral={r} />
                </header>
                <p className="mt-1 text-xs text-muted-foreground">
                  Sent by {r.sentByName ?? 'someone'} · for {r.attentionToName ?? 'someone'} · due{' '}
                  {formatDate(r.dueDate)}
                </p>
                <ol className="mt-2 flex flex-col gap-1.5 border-l pl-3">
                  {r.happenings.map((h, i) => (
                    <li key={i} className="text-[13px]">
                      <span>{h.summary}</span>
                      <span className="block text-xs text-muted-foreground">
                        {formatDateTime(h.occurredAt)} · {h.userName ?? 'System'}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
    </ModalBody>
  )
}

const timelineModal = defineModal<TimelineProps>('referral_timeline', {
  title: (p) => `Referral timeline · ${p.contactName}`,
  component: ReferralTimeline,
})

export const openReferralTimeline = (props: TimelineProps) => timelineModal.open(props)
