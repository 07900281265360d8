import { CensusCard } from './census-card'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ChevronRight, Flag, Pencil } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { NotFoundPage } from '../../components/not-found-page'
import { organizationTypeName } from '../../components/ui/empty-value'
import { ActivityDatesCard, CompanyCard, ContactInfoCard, DivisionStatusesCard } from './contact-details-cards'
import { ContactHistoryCard } from './contact-history-card'
import { editContactModal } from './edit-contact-modal'
import { StatusBadge } from '../../components/status-badge'
import {
  ActivitiesCard,
  LesseeCard,
  AdditionalContactsCard,
  PersonalNotesCard,
  RedFlagsCard,
  StatusBar,
  StatusHistoryCard,
} from '../contact-lifecycle'
import { SharedNotesAndComments } from '../shared-notes'
import { ContactTasksCard } from '../tasks'
import { contactQueryOptions } from '../../lib/contact-api'
import { DivisionName } from '../../components/division-name'

/** /contacts/$id and /customer-logistics/all-customers/$id: one contact with its statuses and history. */
export function ContactPage() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { data: contact } = useSuspenseQuery(contactQueryOptions(id))
  const orgType = organizationTypeName(contact.organizationTypeId)
  const navigate = useNavigate()
  // A contact combined into another answers with the survivor: show the survivor's address too.
  useEffect(() => {
    if (contact.id !== id) void navigate({ to: '/contacts/$id', params: { id: contact.id }, replace: true })
  }, [contact.id, id, navigate])

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-xs text-muted-foreground">
        <Link to="/contacts" className="hover:text-foreground">
          Contacts
        </Link>
        <ChevronRight className="size-3" />
        <span className="truncate text-foreground/80">{contact.name}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
            {contact.openedFlags > 0 && (
              <Flag
                className="size-4 shrink-0 fill-danger text-danger"
                aria-label={`${contact.openedFlags} open red flags`}
              />
            )}
            <span className="truncate">{contact.name}</span>
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-muted-foreground">
            {contact.dba && <span>DBA {contact.dba}</span>}
            {contact.outOfBusiness && <Badge variant="danger">Out of business</Badge>}
            {orgType && <Badge>{orgType}</Badge>}
            {contact.contactDivisionData.map((d) => (
              <span key={d.divisionId} className="inline-flex items-center gap-1 text-xs">
                <DivisionName id={d.divisionId} />
                <StatusBadge statusId={d.statusId} />
              </span>
            ))}
          </div>
        </div>
        <Button onClick={() => editContactModal.open(contact)}>
          <Pencil /> Edit
        </Button>
      </header>
      <StatusBar contact={contact} />
      {/* Three columns only where each card keeps room for a label and its value: two below 1280 px. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-4">
          <CompanyCard contact={contact} />
          <ContactTasksCard contact={contact} />
          <ActivitiesCard contactId={contact.id} />
          <SharedNotesAndComments contactId={contact.id} />
          <AdditionalContactsCard contactId={contact.id} />
          <ActivityDatesCard contact={contact} />
        </div>
        <div className="flex flex-col gap-4">
          <ContactInfoCard contact={contact} />
          <CensusCard contactId={contact.id} />
          <DivisionStatusesCard contact={contact} />
          <StatusHistoryCard contactId={contact.id} />
          <RedFlagsCard contactId={contact.id} />
          <LesseeCard contact={contact} />
          <PersonalNotesCard contactId={contact.id} />
        </div>
        <div className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-7rem)] lg:[&>section]:max-h-[inherit]">
          <ContactHistoryCard contactId={contact.id} />
        </div>
      </div>
    </div>
  )
}

export function ContactNotFound() {
  return (
    <NotFoundPage
      title="Contact not found"
      description="This contact does not exist, was merged into another one, or is not visible in your division."
    />
  )
}
