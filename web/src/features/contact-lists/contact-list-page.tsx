import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import { seesWholeDivision, type ContactListName } from '@crm/contracts'
import { Plus } from 'lucide-react'
import { DataTable } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { useRowSelection } from '../../components/data-table/use-row-selection'
import { Button } from '../../components/ui/button'
import { rememberContactList } from '../../lib/last-contact-list'
import { useDivisionId, useSession } from '../../lib/session-store'
import { createContactModal } from '../contacts'
import { contactListQueryOptions, countContactList, type ListSource } from './contact-lists-api'
import { listColumns } from './list-columns'
import { listScreen } from './list-config'
import { ListToolbar } from './list-toolbar'
import { useSelectionRule } from './use-selection-rule'
import { DivisionName } from '../../components/division-name'
import { tableError } from '../../components/data-table/table-error'

const number = new Intl.NumberFormat('en-US')

/** One contact list of docs/product.md section 2 (or the Advanced Search results), its state in the URL. */
export function ContactListPage({ list }: { list: ContactListName | null }) {
  const source: ListSource = { list }
  const screen = listScreen(list)
  const [query, setQuery] = useListQuery()
  const divisionId = useDivisionId()
  const session = useSession()
  const location = useLocation()
  const permissions = session?.user.permissions ?? []
  const { data, error, isFetching, refetch } = useQuery({
    ...contactListQueryOptions(source, query, divisionId),
    placeholderData: (p) => p,
  })
  const [selection, setSelection] = useRowSelection(`list:${list ?? 'master'}:${session?.user.userId}:${divisionId}`)
  const onSelection = useSelectionRule(data?.rows, Boolean(screen.selectAny), setSelection)
  // Names of every row seen: a selection spans pages, and messages about it name the contacts.
  const names = useRef<Record<string, string>>({})
  useEffect(() => {
    for (const row of data?.rows ?? []) names.current[row.id] = row.name
  }, [data])
  useEffect(() => rememberContactList(location.pathname, location.searchStr), [location.pathname, location.searchStr])
  const showAssignee = seesWholeDivision({ permissions })
  const columns = useMemo(
    () =>
      listColumns({
        imported: Boolean(screen.imported),
        status: Boolean(screen.status),
        collection: Boolean(screen.collection),
        assignedUser: showAssignee,
      }),
    [screen.imported, screen.status, screen.collection, showAssignee],
  )
  return (
    // A phone scrolls the whole page (and leaves room for the bottom action bar); wider screens keep the table's own scroll.
    <div className="flex flex-col gap-3 px-3 pt-4 pb-20 sm:h-full sm:px-6 sm:pt-5 sm:pb-4">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            {screen.title}
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
        {screen.newContact && (
          <Button variant="primary" onClick={() => createContactModal.open()}>
            <Plus /> New contact
          </Button>
        )}
      </div>
      <ListToolbar
        source={source}
        screen={screen}
        query={query}
        onQueryChange={setQuery}
        selected={Object.keys(selection)}
        selectedNames={names.current}
        clearSelection={() => setSelection({})}
        divisionId={divisionId}
        permissions={permissions}
      />
      <DataTable
        label={screen.title}
        columns={columns}
        columnChooserKey={`list:${list ?? 'master'}`}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        countExactly={() => countContactList(source, query, divisionId)}
        error={tableError(error, refetch)}
        isFetching={isFetching}
        rowSelection={selection}
        onRowSelectionChange={onSelection}
        emptyHint={Object.keys(query.filter).length > 0 ? 'Try other filters.' : undefined}
      />
    </div>
  )
}
