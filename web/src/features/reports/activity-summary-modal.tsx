import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { formatDateTime } from '../../lib/format-date'
import { ContactLink, PagedDrill } from './drill-parts'
import { summaryContactsQuery, type SummaryDrill } from './reports-api'

/** The contacts behind a summary cell: who was worked in the range, how often, and when last. */
function SummaryContacts({ props: drill }: ModalComponentProps<SummaryDrill>) {
  return (
    <PagedDrill
      page={(first) => summaryContactsQuery(drill, first)}
      what="Contacts"
      keyOf={(r) => r.contactId}
      head={['Contact', 'Activities', 'Last activity']}
      cells={(r) => [
        <ContactLink id={r.contactId} name={r.name} />,
        <span className="tabular">{r.activities}</span>,
        <span className="tabular whitespace-nowrap">{formatDateTime(r.lastActivityAt)}</span>,
      ]}
    />
  )
}

const summaryModal = defineModal<SummaryDrill>('activity_summary_contacts_modal', {
  title: (d) => d.title,
  component: SummaryContacts,
})

export const openSummaryContacts = (drill: SummaryDrill) => summaryModal.open(drill)
