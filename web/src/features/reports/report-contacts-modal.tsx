import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { StatusBadge } from '../../components/status-badge'
import { PhoneLink } from '../../components/ui/phone-link'
import { ContactLink, PagedDrill } from './drill-parts'
import { contactDrillQuery, type ContactDrill } from './reports-api'

/** The contacts behind an insight slice or a state: name, where, status, size, who works it, the phone. */
function ContactsBody({ props: drill }: ModalComponentProps<ContactDrill>) {
  return (
    <PagedDrill
      page={(first) => contactDrillQuery(drill, first)}
      what="Contacts"
      keyOf={(r) => r.contactId}
      head={['Contact', 'City', 'State', 'Status', '# of trucks', 'Assigned user', 'Business phone']}
      cells={(r) => [
        <ContactLink id={r.contactId} name={r.name} />,
        r.city ?? '',
        r.state ?? '',
        <StatusBadge statusId={r.statusId} />,
        <span className="tabular">{r.numberOfTrucks ?? ''}</span>,
        r.assignedName ?? 'Unassigned',
        r.businessPhone ? <PhoneLink phone={r.businessPhone} /> : '',
      ]}
    />
  )
}

const title = (d: ContactDrill) => `${d.label} (${d.count})`
const insightModal = defineModal<ContactDrill>('accounts_insights_contacts_modal', { title, component: ContactsBody })
const stateModal = defineModal<ContactDrill>('us_map_contacts', { title, component: ContactsBody })

/** Opens the accounts of an insight slice (accounts_insights_contacts_modal) or the contacts of a state. */
export const openContactDrill = (drill: ContactDrill) =>
  drill.kind === 'insight' ? insightModal.open(drill) : stateModal.open(drill)
