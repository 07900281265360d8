import { useSuspenseQuery, useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { messages, type ContactSearchRow, type Paged } from '@crm/contracts'
import { DataTable, type DataTableProps } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { useRowSelection } from '../../components/data-table/use-row-selection'
import { isApiError, problemMessage } from '../../lib/api-error'
import { useDivisionId, useSession } from '../auth/session-store'
import { contactsListQueryOptions } from './contacts-api'
import { contactColumns } from './contact-columns'
import { ContactsHeader } from './contacts-header'
import { ContactsToolbar } from './contacts-toolbar'

type TableState = Pick<DataTableProps<ContactSearchRow>, 'data' | 'error' | 'isFetching'>

/** The list screen around the table; the route's pending and error states reuse it so filters stay usable. */
function ContactsScreen({ table }: { table: TableState }) {
  const [query, setQuery] = useListQuery()
  const session = useSession()
  const divisionId = useDivisionId()
  // Per user and division: a selection never carries over into another division's list.
  const [selection, setSelection] = useRowSelection(`contacts:${session?.user.userId}:${divisionId}`)
  const permissions = session?.user.permissions ?? []
  const showAssignee = permissions.includes('manager') || permissions.includes('executive')
  const columns = useMemo(() => contactColumns({ showAssignee }), [showAssignee])

  return (
    <div className="flex h-full flex-col gap-3 px-6 pt-5 pb-4">
      <ContactsHeader total={table.data?.total} totalIsCapped={table.data?.totalIsCapped} />
      <ContactsToolbar
        query={query}
        onQueryChange={setQuery}
        selectedCount={Object.keys(selection).length}
        onClearSelection={() => setSelection({})}
      />
      <DataTable
        label="Contacts"
        columns={columns}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={table.data}
        error={table.error}
        isFetching={table.isFetching}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        emptyHint={
          Object.keys(query.filter).length > 0 ? 'Try another name or status.' : 'New contacts will show up here.'
        }
      />
    </div>
  )
}

// The rows last on screen. While the next page loads they stay, dimmed, instead of flashing skeletons.
let lastShown: { divisionId: number | null; data: Paged<ContactSearchRow> } | null = null

export function ContactsPage() {
  const [query] = useListQuery()
  const divisionId = useDivisionId()
  const { data, isFetching } = useSuspenseQuery(contactsListQueryOptions(query, divisionId))
  const navigating = useRouterState({ select: (s) => s.isLoading })
  useEffect(() => {
    lastShown = { divisionId, data }
  }, [divisionId, data])
  return <ContactsScreen table={{ data, isFetching: isFetching || navigating }} />
}

/** First load: skeleton rows. Paging, sorting, filtering: the previous rows until the new ones arrive. */
export function ContactsPending() {
  const divisionId = useDivisionId()
  const previous = lastShown?.divisionId === divisionId ? lastShown.data : undefined
  return <ContactsScreen table={{ data: previous, isFetching: true }} />
}

export function ContactsError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const { reset } = useQueryErrorResetBoundary()
  // Lets the suspense query try again once the route reloads.
  useEffect(() => reset(), [reset])
  const message = isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong
  return <ContactsScreen table={{ error: { message, onRetry: () => void router.invalidate() } }} />
}
