import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { ChevronRight, Pencil } from 'lucide-react'
import { dealerCategoryNames } from '@crm/contracts'
import { NotFoundPage } from '../../components/not-found-page'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { ActivitiesCard } from '../contact-lifecycle'
import { ActivityDatesCard, CompanyCard, ContactHistoryCard, ContactInfoCard } from '../contacts'
import { dealerQueryOptions } from './dealers-api'
import { editDealerModal } from './edit-dealer-modal'

/** /ts-dealers/$id: one dealer with edit, its activities and its history. */
export function DealerPage() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { data: dealer } = useSuspenseQuery(dealerQueryOptions(id))
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-xs text-muted-foreground">
        <Link to="/ts-dealers" className="inline-flex min-h-11 items-center hover:text-foreground sm:min-h-0">
          Dealers
        </Link>
        <ChevronRight className="size-3" />
        <span className="truncate text-foreground/80">{dealer.name}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold tracking-tight">{dealer.name}</h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge>{dealerCategoryNames[dealer.contactCategory] ?? 'Dealer'}</Badge>
            {dealer.dba && <span className="text-muted-foreground">DBA {dealer.dba}</span>}
          </div>
        </div>
        <Button onClick={() => editDealerModal.open(dealer)}>
          <Pencil /> Edit
        </Button>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 md:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-4">
          <CompanyCard contact={dealer} />
          <ActivitiesCard contactId={dealer.id} />
        </div>
        <div className="flex flex-col gap-4">
          <ContactInfoCard contact={dealer} />
          <ActivityDatesCard contact={dealer} />
        </div>
        <div className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-7rem)] lg:[&>section]:max-h-[inherit]">
          <ContactHistoryCard contactId={dealer.id} />
        </div>
      </div>
    </div>
  )
}

export function DealerNotFound() {
  return (
    <NotFoundPage
      title="Dealer not found"
      description="This dealer does not exist, is not a dealer, or is not visible in your division."
    />
  )
}
