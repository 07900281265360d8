import type { Column, VisibilityState } from '@tanstack/react-table'
import { Columns3 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../ui/button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu'

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>
const browserStorage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage

/** Which columns of one table the user hid, kept in this browser under the table's key. */
export function useColumnVisibility(key: string | undefined, storage: Storage | null = browserStorage) {
  const storageKey = key ? `columns:${key}` : null
  const [visibility, setVisibility] = useState<VisibilityState>(() => {
    if (!storageKey) return {}
    try {
      const stored: unknown = JSON.parse(storage?.getItem(storageKey) ?? '{}')
      return stored && typeof stored === 'object' ? (stored as VisibilityState) : {}
    } catch {
      return {}
    }
  })
  const change = (next: VisibilityState) => {
    setVisibility(next)
    if (storageKey) storage?.setItem(storageKey, JSON.stringify(next))
  }
  return [visibility, change] as const
}

/** The Columns menu: every column with a text header can be shown or hidden; the name column always stays. */
// Column value types differ per column, as in the table's own column list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ColumnChooser<Row>({ columns }: { columns: Column<Row, any>[] }) {
  const choosable = columns.filter((c) => c.getCanHide() && typeof c.columnDef.header === 'string')
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-7 gap-1.5 px-2 text-xs" aria-label="Columns">
          <Columns3 /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {choosable.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            // Keep the menu open: several columns are usually changed at once.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
          >
            {column.columnDef.header as string}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
