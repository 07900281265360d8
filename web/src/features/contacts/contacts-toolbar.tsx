import { X } from 'lucide-react'
import { contactStatusNames, type ListQuery } from '@crm/contracts'
import { SearchInput } from '../../components/data-table/search-input'
import { withFilter } from '../../components/data-table/list-query-codec'
import { Button } from '../../components/ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'

const ALL = 'all'

type ToolbarProps = {
  query: ListQuery
  onQueryChange: (next: ListQuery) => void
  selectedCount: number
  onClearSelection: () => void
}

/** Filters of the contacts list: name (contains) and status; both live in the URL's list query. */
export function ContactsToolbar({ query, onQueryChange, selectedCount, onClearSelection }: ToolbarProps) {
  const name = typeof query.filter.name === 'string' ? query.filter.name : ''
  const statusId = query.filter.statusId
  const filtered = name !== '' || statusId !== undefined

  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchInput
        className="w-64"
        placeholder="Search by name"
        value={name}
        onCommit={(value) => onQueryChange(withFilter(query, 'name', value))}
      />
      <Select
        value={statusId === undefined || statusId === null ? ALL : String(statusId)}
        onValueChange={(value) =>
          onQueryChange(withFilter(query, 'statusId', value === ALL ? undefined : Number(value)))
        }
      >
        <SelectTrigger className="w-44" aria-label="Status">
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
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onQueryChange(withFilter(withFilter(query, 'name', undefined), 'statusId', undefined))}
        >
          <X /> Reset
        </Button>
      )}
      {selectedCount > 0 && (
        <div className="ml-auto flex items-center gap-2 rounded-md bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground">
          {selectedCount} selected
          <button type="button" className="underline-offset-2 hover:underline" onClick={onClearSelection}>
            Clear
          </button>
        </div>
      )}
    </div>
  )
}
