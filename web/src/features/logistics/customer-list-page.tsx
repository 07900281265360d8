import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Plus, Trash2 } from 'lucide-react'
import {
  hasPermission,
  logisticsFlagOfList,
  logisticsListTitles,
  messages,
  seesWholeDivision,
  type LogisticsListName,
} from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { SearchInput } from '../../components/data-table/search-input'
import { withFilter } from '../../components/data-table/list-query-codec'
import { useListQuery } from '../../components/data-table/use-list-query'
import { useRowSelection } from '../../components/data-table/use-row-selection'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { useDivisionId, useSession } from '../../lib/session-store'
import { createCustomerModal } from './create-customer-modal'
import { customerColumns } from './customer-columns'
import { countCustomerList, customerListQueryOptions, logisticsCommands } from './logistics-api'
import { LogisticsListTabs } from './logistics-list-tabs'
import { tableError } from '../../components/data-table/table-error'

const number = new Intl.NumberFormat('en-US')

/** One list of logistics customers (GET /customers-logistic/{list}), its table state in the URL. */
export function CustomerListPage({ list }: { list: LogisticsListName }) {
  const [query, setQuery] = useListQuery()
  const divisionId = useDivisionId()
  const session = useSession()
  const permissions = session?.user.permissions ?? []
  const { data, error, isFetching, refetch } = useQuery({
    ...customerListQueryOptions(list, query, divisionId),
    placeholderData: (p) => p,
  })
  const [selection, setSelection] = useRowSelection(`logistics:${list}:${session?.user.userId}:${divisionId}`)
  const mayDelete = hasPermission({ permissions }, 'delete-contact')
  const columns = useMemo(
    () => customerColumns({ assignedUser: seesWholeDivision({ permissions }), toggle: logisticsFlagOfList(list) }),
    [permissions, list],
  )
  const selected = Object.keys(selection)
  const deleteSelected = () => {
    if (selected.length === 0) return notify.error(messages.noContactsSelected)
    notify.confirm(`Delete ${selected.length} customer${selected.length === 1 ? '' : 's'}?`, 'This cannot be undone.', {
      accept: () =>
        void logisticsCommands.deleteCustomers(selected).then(({ done }) => {
          notify.success(`${done} deleted`)
          setSelection({})
          void refetch()
        }),
    })
  }
  const title = logisticsListTitles[list]
  return (
    <div className="flex flex-col gap-3 px-3 pt-4 pb-20 sm:h-full sm:px-6 sm:pt-5 sm:pb-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            {title === 'All Customers' ? title : `${title} customers`}
            {data && (
              <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground tabular">
                {number.format(data.total)}
                {data.totalIsCapped ? '+' : ''}
              </span>
            )}
          </h1>
          <p className="mt-0.5 text-muted-foreground">Logistics</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayDelete && (
            <Button onClick={deleteSelected}>
              <Trash2 /> Delete
            </Button>
          )}
          <Button variant="primary" onClick={() => createCustomerModal.open()}>
            <Plus /> New customer
          </Button>
        </div>
      </div>
      <LogisticsListTabs current={list} />
      <SearchInput
        className="w-full sm:w-64"
        placeholder="Search by name"
        value={typeof query.filter.name === 'string' ? query.filter.name : ''}
        onCommit={(v) => setQuery(withFilter(query, 'name', v))}
      />
      <DataTable
        label={title}
        columns={columns}
        columnChooserKey={`logistics:${list}`}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        countExactly={() => countCustomerList(list, query, divisionId)}
        error={tableError(error, refetch)}
        isFetching={isFetching}
        rowSelection={mayDelete ? selection : undefined}
        onRowSelectionChange={mayDelete ? setSelection : undefined}
      />
    </div>
  )
}
