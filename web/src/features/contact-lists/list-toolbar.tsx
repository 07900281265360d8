import { Download, Filter, Trash2, Upload, UserMinus, UserPlus } from 'lucide-react'
import { contactListMessages, type ListQuery } from '@crm/contracts'
import { SearchInput } from '../../components/data-table/search-input'
import { withFilter } from '../../components/data-table/list-query-codec'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { useQueryClient } from '@tanstack/react-query'
import { advancedSearchModal } from '../advanced-search/advanced-search-modal'
import { exportContacts } from '../contact-export/export-contacts'
import { importLeadsModal } from '../lead-import/import-leads-modal'
import { listKeys, listPath, unassignContacts, type ListSource } from './contact-lists-api'
import { deleteContactsModal } from './delete-contacts-modal'
import type { ListScreen } from './list-config'
import { selectUserModal } from './select-user-modal'

type Props = {
  source: ListSource
  screen: ListScreen
  query: ListQuery
  onQueryChange: (next: ListQuery) => void
  selected: string[]
  clearSelection: () => void
  divisionId: number | null
  permissions: string[]
}

/**
 * Filters and bulk actions of a contact list, each with its permission and message (SPEC.md sections 2, 5
 * and 6). Assign With Task, Combine Contacts and Change Contact Status are not offered yet: they need the
 * task form and the combine / status windows, which are not built.
 */
export function ListToolbar({
  source,
  screen,
  query,
  onQueryChange,
  selected,
  clearSelection,
  divisionId,
  permissions,
}: Props) {
  const can = (p: string) => permissions.includes(p) || permissions.includes('admin')
  const queryClient = useQueryClient()
  const name = typeof query.filter.name === 'string' ? query.filter.name : ''
  const division = divisionId ?? 0
  const assign = () => {
    if (selected.length === 0) return notify.error(contactListMessages.selectContactToAssign)
    selectUserModal.open({
      ids: selected,
      divisionId: division,
      isMasterDataAssign: source.list === null,
      onDone: clearSelection,
    })
  }
  const unassign = async () => {
    if (selected.length === 0) return notify.error(contactListMessages.selectContactsToUnassign)
    await unassignContacts(division, selected)
    notify.success(`Unassigned ${selected.length} contact${selected.length === 1 ? '' : 's'}`)
    clearSelection()
    await queryClient.invalidateQueries({ queryKey: listKeys.all })
  }
  const remove = () => {
    if (selected.length === 0) return notify.error(contactListMessages.noContactsSelected)
    deleteContactsModal.open({ ids: selected, onDone: clearSelection })
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchInput
        className="w-64"
        placeholder="Search by name"
        value={name}
        onCommit={(v) => onQueryChange(withFilter(query, 'name', v))}
      />
      <Button
        onClick={() =>
          advancedSearchModal.open({ query, onApply: onQueryChange, divisionImplied: source.list !== null })
        }
      >
        <Filter /> Advance Search
        {Object.keys(query.filter).length > 0 && (
          <span className="rounded bg-accent px-1 text-[11px] text-accent-foreground">
            {Object.keys(query.filter).length}
          </span>
        )}
      </Button>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {selected.length > 0 && (
          <span className="rounded-md bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground">
            {selected.length} selected{' '}
            <button type="button" className="underline-offset-2 hover:underline" onClick={clearSelection}>
              Clear
            </button>
          </span>
        )}
        <Button onClick={assign}>
          <UserPlus /> Assign
        </Button>
        {screen.unassign && (
          <Button onClick={() => void unassign()}>
            <UserMinus /> Unassign
          </Button>
        )}
        {screen.delete && can('delete-contact') && (
          <Button onClick={remove}>
            <Trash2 /> Delete
          </Button>
        )}
        {can('executive') && (
          <Button onClick={() => void exportContacts(listPath(source), query, divisionId, selected)}>
            <Download /> Export Contacts To Excel
          </Button>
        )}
        {screen.importLeads && can('upload-new-leads') && (
          <Button variant="primary" onClick={() => importLeadsModal.open()}>
            <Upload /> Import Leads
          </Button>
        )}
      </div>
    </div>
  )
}
