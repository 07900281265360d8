import { flexRender, type Header } from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import { cn } from '../../lib/cn'

/** Header label; sortable columns become a button that flips the server sort. */
export function SortHeader<Row>({ header }: { header: Header<Row, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext())
  if (!header.column.getCanSort()) return label
  const sorted = header.column.getIsSorted()
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-muted hover:text-foreground',
        sorted && 'text-foreground',
      )}
    >
      {label}
      <Icon className={cn('size-3', !sorted && 'opacity-40')} />
    </button>
  )
}
