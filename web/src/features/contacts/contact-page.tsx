import { CensusCard } from './census-card'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from '@tanstack/react-router'
import { LastListLink } from '../../components/last-list-link'
import { useEffect, useState } from 'react'
import { ContactQuickActions } from './contact-quick-actions'
import { NotFoundPage } from '../../components/not-found-page'
import {
  ActivityDatesCard,
  CollectionCard,
  CompanyCard,
  ContactInfoCard,
  DivisionStatusesCard,
  LogisticsFlagsCard,
} from './contact-details-cards'
import { ContactHistoryCard } from './contact-history-card'
import { ContactHeader } from './contact-header'
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
import { ContactReferralsCard } from '../referrals'
import { ContactEmailCard } from '../email'
import { ContactOpportunitiesCard } from '../opportunities'
import { contactQueryOptions } from '../../lib/contact-api'
import { ContactTimeTravel } from '../time-travel'

/** /contacts/$id: one contact with its statuses and history (logistics customers: features/logistics). */
export function ContactPage() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { data: contact } = useSuspenseQuery(contactQueryOptions(id))
  const navigate = useNavigate()
  const [logActivityRequest, setLogActivityRequest] = useState(0)
  // A contact combined into another answers with the survivor: show the survivor's address too.
  useEffect(() => {
    if (contact.id !== id) void navigate({ to: '/contacts/$id', params: { id: contact.id }, replace: true })
  }, [contact.id, id, navigate])

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <ContactHeader contact={contact} back={<LastListLink className="hover:text-foreground" />} />
      <ContactQuickActions contact={contact} onLogActivity={() => setLogActivityRequest((n) => n + 1)} />
      <StatusBar contact={contact} />
      <ContactTimeTravel contactId={contact.id} />
      {/* Three columns only where each card keeps room for a label and its value: two below 1280 px. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-4">
          <CompanyCard contact={contact} />
          <ContactTasksCard contact={contact} />
          <ContactReferralsCard contact={contact} />
          <ContactOpportunitiesCard contact={contact} />
          <ActivitiesCard contactId={contact.id} openRequest={logActivityRequest} />
          <SharedNotesAndComments contactId={contact.id} />
          <AdditionalContactsCard contactId={contact.id} />
          <ActivityDatesCard contact={contact} />
        </div>
        <div className="flex flex-col gap-4">
          <ContactInfoCard contact={contact} />
          <CollectionCard contact={contact} />
          <LogisticsFlagsCard contact={contact} />
          <ContactEmailCard contact={contact} />
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
