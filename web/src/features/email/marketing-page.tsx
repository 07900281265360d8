import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Filter, Mail } from 'lucide-react'
import type { ListQuery } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { useListQuery } from '../../components/data-table/use-list-query'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { advancedSearchModal } from '../advanced-search'
import { campaignColumns } from './campaign-columns'
import { campaignDone } from './campaign-progress'
import { audienceQuery, campaignsQuery } from './email-api'
import { campaignParams } from './list-params'
import { marketingSendModal } from './marketing-send-modal'

const count = (n: number) => n.toLocaleString('en-US')

/** Whom the filters reach: found, with email, unsubscribed (skipped), and the send button. */
function Audience({ filter }: { filter: ListQuery['filter'] }) {
  const { data, isFetching, error } = useQuery({ ...audienceQuery(filter), enabled: Object.keys(filter).length > 0 })
  if (Object.keys(filter).length === 0) {
    return <p className="text-muted-foreground">Choose the email marketing filters to pick the recipients.</p>
  }
  if (error) return <p className="text-danger">The recipients could not be counted. Change the filters to retry.</p>
  if (!data) return <p className="text-muted-foreground">{isFetching ? 'Counting recipients…' : ''}</p>
  const sendable = data.contactIds.length
  const send = () =>
    marketingSendModal.open({
      contactIds: data.contactIds,
      description: `${count(sendable)} contact${sendable === 1 ? '' : 's'} of the email marketing filters`,
    })
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
      <dl className="grid grid-cols-3 gap-x-6 gap-y-1 tabular" aria-live="polite">
        <dt className="text-xs text-muted-foreground">Contacts found</dt>
        <dt className="text-xs text-muted-foreground">With email</dt>
        <dt className="text-xs text-muted-foreground">Unsubscribed (skipped)</dt>
        <dd className="text-lg font-semibold">{count(data.contacts)}</dd>
        <dd className="text-lg font-semibold">{count(data.withEmail)}</dd>
        <dd className="text-lg font-semibold">{count(data.suppressed)}</dd>
      </dl>
      <Button variant="primary" disabled={sendable === 0} onClick={send}>
        <Mail /> Send Email to {count(sendable)} contact{sendable === 1 ? '' : 's'}
      </Button>
      {data.capped && (
        <p className="w-full text-warning">
          One send reaches at most {count(sendable)} contacts: narrow the filters to reach the rest in another.
        </p>
      )}
    </div>
  )
}

/** /emails/marketing: email marketing through the email-marketing filters (category 24), and every send's progress. */
export function MarketingPage() {
  const [query, setQuery] = useListQuery()
  const { data, error, isFetching, refetch } = useQuery({
    ...campaignsQuery(campaignParams(query)),
    placeholderData: (p) => p,
    // A send under way moves on its own: look again every two seconds until all are done.
    refetchInterval: (q) => (q.state.data?.rows.every(campaignDone) === false ? 2000 : false),
  })
  const filters = Object.keys(query.filter).length
  const chooseFilters = () =>
    advancedSearchModal.open({
      query,
      categoryId: 24,
      divisionImplied: false,
      onApply: (next) => setQuery({ ...next, pagination: query.pagination }),
    })
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Email marketing</h1>
          <p className="text-muted-foreground">
            One email to many contacts, each with their own merge fields. Unsubscribed addresses are never mailed.
          </p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="ghost">
            <Link to="/emails/templates">Email templates</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/emails/history">Email history</Link>
          </Button>
        </div>
      </header>
      <Card aria-label="Recipients">
        <CardHeader>
          <CardTitle>Recipients</CardTitle>
          <Button size="sm" onClick={chooseFilters}>
            <Filter /> Email marketing filters
            {filters > 0 && (
              <span className="rounded bg-accent px-1 text-[11px] text-accent-foreground">{filters}</span>
            )}
          </Button>
        </CardHeader>
        <CardContent>
          <Audience filter={query.filter} />
        </CardContent>
      </Card>
      <h2 className="text-base font-semibold">Marketing sends</h2>
      <DataTable
        label="Marketing sends"
        columns={campaignColumns}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        isFetching={isFetching}
        error={tableError(error, refetch)}
      />
    </div>
  )
}
