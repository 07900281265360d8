import {
  ClipboardPlus,
  Download,
  Filter,
  Mail,
  Merge,
  MoreHorizontal,
  RefreshCcw,
  Trash2,
  Upload,
  UserMinus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react'
import {
  LOGISTICS_DIVISION_ID,
  contactListMessages,
  contactStatusNames,
  messages,
  type ListQuery,
} from '@crm/contracts'
import { SearchInput } from '../../components/data-table/search-input'
import { withFilter } from '../../components/data-table/list-query-codec'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { notify } from '../../lib/notify'
import { useQueryClient } from '@tanstack/react-query'
import { advancedSearchModal } from '../advanced-search'
import { exportContacts } from '../contact-export'
import { marketingSendModal } from '../email'
import { combineContactsModal, changeStatusModal } from '../contact-lifecycle'
import { importLeadsModal } from '../lead-import'
import { assignWithTaskModal } from './assign-with-task-modal'
import { listPath, unassignContacts, type ListSource } from './contact-lists-api'
import { deleteContactsModal } from './delete-contacts-modal'
import type { ListScreen } from './list-config'
import { selectUserModal } from './select-user-modal'
import { listKeys } from '../../lib/query-keys'

const ALL = 'all'

type Action = { label: string; icon: LucideIcon; onClick: () => void; primary?: boolean }

function SelectionCount({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <span className="rounded-md bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground">
      {count} selected{' '}
      <button type="button" className="underline-offset-2 hover:underline max-sm:min-h-11" onClick={onClear}>
        Clear
      </button>
    </span>
  )
}

type Props = {
  source: ListSource
  screen: ListScreen
  query: ListQuery
  onQueryChange: (next: ListQuery) => void
  selected: string[]
  /** Names of the selected contacts (they may sit on other pages), for messages that name them. */
  selectedNames: Record<string, string>
  clearSelection: () => void
  divisionId: number | null
  permissions: string[]
}

/**
 * Filters and bulk actions of a contact list, each with its permission and message (docs/product.md sections 2, 5
 * and 6). Combine Contacts and Change Contact Status reuse the contact page's windows with the selected ids.
 */
export function ListToolbar({
  source,
  screen,
  query,
  onQueryChange,
  selected,
  selectedNames,
  clearSelection,
  divisionId,
  permissions,
}: Props) {
  const can = (p: string) => permissions.includes(p) || permissions.includes('admin')
  const queryClient = useQueryClient()
  const name = typeof query.filter.name === 'string' ? query.filter.name : ''
  const statusId = query.filter.statusId
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
  const assignWithTask = () => {
    if (selected.length === 0) return notify.error(contactListMessages.selectContactToAssign)
    assignWithTaskModal.open({
      ids: selected,
      names: selectedNames,
      divisionId,
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
  const combine = () => {
    if (selected.length < 2) return notify.error(messages.combineSelectTwo)
    // The wizard navigates to the survivor; the absorbed rows are gone, so the selection goes too.
    combineContactsModal.open({ contactIds: selected, onDone: clearSelection })
  }
  const changeStatus = () => {
    if (selected.length === 0) return notify.error(messages.selectContact)
    changeStatusModal.open({
      contactIds: selected,
      divisionId: division,
      onDone: async () => {
        clearSelection()
        // Contacts may leave (or join) this list with their new status.
        await queryClient.invalidateQueries({ queryKey: listKeys.all })
      },
    })
  }
  const sendEmail = () => {
    if (selected.length === 0) return notify.error(contactListMessages.noContactsSelected)
    const description = `${selected.length} selected contact${selected.length === 1 ? '' : 's'}`
    marketingSendModal.open({ contactIds: selected, description, onDone: clearSelection })
  }
  // Every bulk action this user may take on this list, in the order docs/product.md lists them.
  const actions: Action[] = [
    { label: 'Assign', icon: UserPlus, onClick: assign },
    { label: 'Assign With Task', icon: ClipboardPlus, onClick: assignWithTask },
    ...(screen.unassign ? [{ label: 'Unassign', icon: UserMinus, onClick: () => void unassign() }] : []),
    ...(screen.delete && can('delete-contact') ? [{ label: 'Delete', icon: Trash2, onClick: remove }] : []),
    ...(can('executive') ? [{ label: 'Combine Contacts', icon: Merge, onClick: combine }] : []),
    ...(can('change-contact-status')
      ? [{ label: 'Change Contact Status', icon: RefreshCcw, onClick: changeStatus }]
      : []),
    ...(can('executive')
      ? [
          {
            label: 'Export Contacts To Excel',
            icon: Download,
            onClick: () => void exportContacts(listPath(source), query, divisionId, selected),
          },
        ]
      : []),
    // Email marketing to the selection; the logistics division sends no email (docs/product.md 6).
    ...(divisionId !== LOGISTICS_DIVISION_ID ? [{ label: 'Send Email', icon: Mail, onClick: sendEmail }] : []),
    ...(screen.importLeads && can('upload-new-leads')
      ? [{ label: 'Import Leads', icon: Upload, onClick: () => importLeadsModal.open(), primary: true }]
      : []),
  ]
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchInput
        className="w-full sm:w-64"
        placeholder="Search by name"
        value={name}
        onCommit={(v) => onQueryChange(withFilter(query, 'name', v))}
      />
      {screen.statusFilter && (
        <Select
          value={statusId === undefined || statusId === null ? ALL : String(statusId)}
          onValueChange={(v) => onQueryChange(withFilter(query, 'statusId', v === ALL ? undefined : Number(v)))}
        >
          <SelectTrigger className="min-w-0 flex-1 sm:w-44 sm:flex-none" aria-label="Status">
            <span className="text-muted-foreground">Status:</span>
            <span className="flex-1 truncate text-left">
              <SelectValue />
            </span>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {Object.entries(contactStatusNames).map(([id, label]) => (
              <SelectItem key={id} value={id}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
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
      <div className="ml-auto flex flex-wrap items-center gap-2 max-sm:hidden">
        {selected.length > 0 && <SelectionCount count={selected.length} onClear={clearSelection} />}
        {actions.map(({ label, icon: Icon, onClick, primary }) => (
          <Button key={label} variant={primary ? 'primary' : undefined} onClick={onClick}>
            <Icon /> {label}
          </Button>
        ))}
      </div>
      {/* A phone keeps the bulk actions in reach of the thumb: a bar at the bottom with the selection and a menu. */}
      <div className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-2 border-t bg-surface px-3 py-2 shadow-window sm:hidden">
        {selected.length > 0 ? (
          <SelectionCount count={selected.length} onClear={clearSelection} />
        ) : (
          <span className="text-xs text-muted-foreground">Select contacts for the actions</span>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="primary" className="ml-auto">
              <MoreHorizontal /> Actions
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" side="top">
            {actions.map(({ label, icon: Icon, onClick }) => (
              <DropdownMenuItem key={label} onSelect={onClick} className="min-h-11">
                <Icon /> {label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  )
}
