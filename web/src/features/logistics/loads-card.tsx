import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useMemo } from 'react'
import { type LoadRow } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Button } from '../../components/ui/button'
import { formatDate } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { lifecycleKeys } from '../../lib/query-keys'
import { loadColumns } from './load-columns'
import { loadModal } from './load-modal'
import { logisticsCommands, loadsQueryOptions } from './logistics-api'
import { tableError } from '../../components/data-table/table-error'

/** The customer's loads (server-paged, its page and sort in the URL), with New load, edit and delete. */
export function LoadsCard({ contactId }: { contactId: string }) {
  const [query, setQuery] = useListQuery()
  const queryClient = useQueryClient()
  const { data, error, isFetching, refetch } = useQuery({
    ...loadsQueryOptions(contactId, query),
    placeholderData: (p) => p,
  })
  const columns = useMemo(
    () =>
      loadColumns({
        edit: (load) => loadModal.open({ contactId, load }),
        remove: (load: LoadRow) =>
          notify.confirm(
            `Delete the load of ${formatDate(load.pickUpDate)}?`,
            `${load.originCity} → ${load.destinationCity}`,
            {
              accept: () =>
                void logisticsCommands.deleteLoad(load.id).then(({ message }) => {
                  notify.success(message)
                  void queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(contactId) })
                }),
            },
          ),
      }),
    [contactId, queryClient],
  )
  // The table sorts loads by pick-up unless the URL says otherwise (its default sort is the contacts' name).
  const shown =
    query.sort.field === 'name' ? { ...query, sort: { field: 'pickUpDate', direction: 'desc' as const } } : query
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Loads</CardTitle>
        <Button variant="primary" onClick={() => loadModal.open({ contactId })}>
          <Plus /> New load
        </Button>
      </CardHeader>
      <CardContent className="p-0">
        <DataTable
          label="Loads"
          columns={columns}
          query={shown}
          onQueryChange={setQuery}
          getRowId={(row) => row.id}
          data={data}
          isFetching={isFetching}
          error={tableError(error, refetch)}
        />
      </CardContent>
    </Card>
  )
}
