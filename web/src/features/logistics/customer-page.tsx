import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { NotFoundPage } from '../../components/not-found-page'
import {
  ActivitiesCard,
  AdditionalContactsCard,
  PersonalNotesCard,
  RedFlagsCard,
  StatusBar,
  StatusHistoryCard,
} from '../contact-lifecycle'
import {
  ActivityDatesCard,
  CompanyCard,
  ContactHistoryCard,
  ContactInfoCard,
  DivisionStatusesCard,
  ContactHeader,
} from '../contacts'
import { SharedNotesAndComments } from '../shared-notes'
import { ContactTasksCard } from '../tasks'
import { LoadTotalsCard } from './load-totals-card'
import { LoadsCard } from './loads-card'
import { customerQueryOptions } from './logistics-api'
import { LogisticsTogglesCard } from './logistics-toggles-card'

/**
 * /customer-logistics/all-customers/$id: the contact page of a logistics customer. Its differences
 * (docs/product.md 6): the four toggles, the loads and their totals; shared notes open by default and no Send
 * Email are the logistics division's everywhere; Convert is disabled for Pending by the status bar.
 */
export function CustomerPage() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { data: contact } = useSuspenseQuery(customerQueryOptions(id))
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <ContactHeader
        contact={contact}
        back={
          <Link to={'/customer-logistics/all-customers' as '/'} className="hover:text-foreground">
            Logistics customers
          </Link>
        }
      />
      <StatusBar contact={contact} />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 xl:grid-cols-[minmax(0,1fr)_360px]">
        <LoadsCard contactId={contact.id} />
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-1">
          <LoadTotalsCard contactId={contact.id} />
          <LogisticsTogglesCard contact={contact} />
        </div>
      </div>
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
          <DivisionStatusesCard contact={contact} />
          <StatusHistoryCard contactId={contact.id} />
          <RedFlagsCard contactId={contact.id} />
          <PersonalNotesCard contactId={contact.id} />
        </div>
        <div className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-7rem)] lg:[&>section]:max-h-[inherit]">
          <ContactHistoryCard contactId={contact.id} />
        </div>
      </div>
    </div>
  )
}

export function CustomerNotFound() {
  return (
    <NotFoundPage
      title="Customer not found"
      description="This customer does not exist, is not a logistics customer, or is not visible in your division."
    />
  )
}
