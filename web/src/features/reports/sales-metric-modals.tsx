import { activityTypeNames, formatCallTime, type ActivityTypeId, type SalesMetricContactRow } from '@crm/contracts'
import { ArrowRight } from 'lucide-react'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { StatusBadge } from '../../components/status-badge'
import { formatDateTime } from '../../lib/format-date'
import { ContactLink, PagedDrill } from './drill-parts'
import { drillActivitiesQuery, drillContactsQuery, type Drill } from './reports-api'
import { formatDollars, metricLabel } from './metric-columns'

const title = (d: Drill) => `${metricLabel(d.metric)} · ${d.userName} (${d.count})`

function ActivitiesDrill({ props: drill }: ModalComponentProps<Drill>) {
  return (
    <PagedDrill
      page={(first) => drillActivitiesQuery(drill, first)}
      what="Activities"
      keyOf={(r) => r.activityId}
      head={['When', 'Contact', 'Type', 'Subject', 'Outcome', 'Duration']}
      cells={(r) => [
        <span className="tabular whitespace-nowrap">{formatDateTime(r.occurredAt)}</span>,
        <ContactLink id={r.contactId} name={r.contactName} />,
        activityTypeNames[r.activityType as ActivityTypeId] ?? 'Activity',
        r.subject,
        r.callOutcome ?? '',
        r.callSeconds === null ? '' : <span className="tabular">{formatCallTime(r.callSeconds)}</span>,
      ]}
    />
  )
}

/** Referrals and opportunities: what they are called and how much; status moves: from and to. */
const dealMetrics = new Set<string>(['referralsSent', 'referralsReceived', 'opportunitiesCreated', 'opportunitiesWon'])

function ContactsDrill({ props: drill }: ModalComponentProps<Drill>) {
  const deals = dealMetrics.has(drill.metric)
  const when = (r: SalesMetricContactRow) => (
    <span className="tabular whitespace-nowrap">{formatDateTime(r.occurredAt)}</span>
  )
  return (
    <PagedDrill
      page={(first) => drillContactsQuery(drill, first)}
      what="Contacts"
      keyOf={(r) => r.factId}
      head={deals ? ['When', 'Contact', 'What', 'Amount'] : ['When', 'Contact', 'Status']}
      cells={(r) =>
        deals
          ? [
              when(r),
              <ContactLink id={r.contactId} name={r.contactName} />,
              r.detail ?? '',
              r.amount === null ? '' : <span className="tabular">{formatDollars(r.amount, true)}</span>,
            ]
          : [
              when(r),
              <ContactLink id={r.contactId} name={r.contactName} />,
              <span className="inline-flex items-center gap-1.5">
                {r.fromStatusId ? <StatusBadge statusId={r.fromStatusId} /> : null}
                {r.fromStatusId && r.toStatusId ? <ArrowRight className="size-3 text-muted-foreground" /> : null}
                {r.toStatusId ? <StatusBadge statusId={r.toStatusId} /> : null}
              </span>,
            ]
      }
    />
  )
}

const activitiesModal = defineModal<Drill>('sales_metric_activities', { title, component: ActivitiesDrill })
const contactsModal = defineModal<Drill>('sales_metric_contacts', { title, component: ContactsDrill })

/** Opens the records behind one number in the modal its metric names. */
export const openDrill = (drill: Drill, kind: 'activities' | 'contacts') =>
  kind === 'activities' ? activitiesModal.open(drill) : contactsModal.open(drill)
