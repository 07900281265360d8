import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { Plus } from 'lucide-react'
import { DataTable } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { DivisionName } from '../../components/division-name'
import { Button } from '../../components/ui/button'
import { useDivisionId } from '../../lib/session-store'
import { addDealerModal } from './add-dealer-modal'
import { dealerColumns } from './dealer-columns'
import { DealerFilterCard } from './dealer-filter-card'
import { countDealers, dealerListQueryOptions } from './dealers-api'
import { dealerDuplicateCheckModal } from './duplicate-check-modal'
import { tableError } from '../../components/data-table/table-error'

const number = new Intl.NumberFormat('en-US')

/** /ts-dealers: the dealers table with its filter card, its state in the URL like the contacts table. */
export function DealersPage() {
  const [query, setQuery] = useListQuery()
  const divisionId = useDivisionId()
  const { data, error, isFetching, refetch } = useQuery({
    ...dealerListQueryOptions(query, divisionId),
    placeholderData: (p) => p,
  })
  const columns = useMemo(() => dealerColumns(), [])
  return (
    <div className="flex flex-col gap-3 px-3 pt-4 pb-20 sm:h-full sm:px-6 sm:pt-5 sm:pb-4">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            Dealers
            {data && (
              <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground tabular">
                {number.format(data.total)}
                {data.totalIsCapped ? '+' : ''}
              </span>
            )}
          </h1>
          <p className="mt-0.5 text-muted-foreground">
            {divisionId ? <DivisionName id={divisionId} /> : 'All divisions'}
          </p>
        </div>
        <Button variant="primary" onClick={() => dealerDuplicateCheckModal.open()}>
          <Plus /> Add dealer
        </Button>
      </div>
      <DealerFilterCard query={query} onQueryChange={setQuery} />
      <DataTable
        label="Dealers"
        columns={columns}
        columnChooserKey="ts-dealers"
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        countExactly={() => countDealers(query, divisionId)}
        error={tableError(error, refetch)}
        isFetching={isFetching}
        emptyHint={Object.keys(query.filter).length > 0 ? 'Try other filters.' : undefined}
      />
    </div>
  )
}

/**
 * /ts-dealers/add?name=&businessPhone=&addressZip=: the dealers table with the add form open, prefilled (where
 * the duplicate check leads, and a link other screens may give).
 */
export function AddDealerPage() {
  const search = useSearch({ strict: false }) as { name?: string; businessPhone?: string; addressZip?: string }
  const navigate = useNavigate()
  useEffect(() => {
    addDealerModal.open({
      name: search.name ?? '',
      businessPhone: search.businessPhone ?? '',
      zip: search.addressZip ?? '',
    })
    // The address shows the table the window stands over; Back returns to the duplicate check's screen.
    void navigate({ to: '/ts-dealers', replace: true })
  }, [search.name, search.businessPhone, search.addressZip, navigate])
  return <DealersPage />
}
