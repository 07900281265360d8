import { flexRender, type Cell, type Column, type Row } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Skeleton } from '../ui/skeleton'
import { EmptyState, ErrorState } from './data-table-states'
import { SELECTION_COLUMN_ID } from './selection-column'

const DEFAULT_FACTS = 5

/** Which columns a card shows: its heading and the facts under it, in order (column meta `card`). */
function cardLayout<T>(columns: Column<T, unknown>[]) {
  const data = columns.filter((c) => c.id !== SELECTION_COLUMN_ID)
  const named = data.filter((c) => c.columnDef.meta?.card !== undefined)
  if (named.length === 0) return { title: data[0]?.id, facts: data.slice(1, 1 + DEFAULT_FACTS).map((c) => c.id) }
  const order = (c: Column<T, unknown>) => c.columnDef.meta?.card as number
  return {
    title: named.find((c) => c.columnDef.meta?.card === 'title')?.id ?? data[0]?.id,
    facts: named
      .filter((c) => typeof c.columnDef.meta?.card === 'number')
      .sort((a, b) => order(a) - order(b))
      .map((c) => c.id),
  }
}

const render = <T,>(cell: Cell<T, unknown> | undefined) =>
  cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null

/** A fact's label: the column's header when it is words; a column of buttons keeps its name for screen readers. */
const labelOf = <T,>(column: Column<T, unknown>) =>
  typeof column.columnDef.header === 'string'
    ? { text: column.columnDef.header, className: 'text-muted-foreground' }
    : { text: column.id, className: 'sr-only' }

type CardsProps<T> = {
  label: string
  rows: Row<T>[]
  columns: Column<T, unknown>[]
  loading: boolean
  skeletonCount: number
  error?: { message: string; onRetry: () => void }
  emptyHint?: ReactNode
  dimmed: boolean
  rowTestId?: (row: T) => string
}

/**
 * The rows of a data table as cards, for a phone: the heading column, a few facts with their labels, and the
 * row's checkbox for the bulk actions. The same columns and cells as the table, so every list has both.
 */
export function DataTableCards<T>({
  label,
  rows,
  columns,
  loading,
  skeletonCount,
  error,
  emptyHint,
  dimmed,
  rowTestId,
}: CardsProps<T>) {
  const layout = cardLayout(columns)
  const byId = new Map(columns.map((c) => [c.id, c]))
  const state = (children: ReactNode) => (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center text-muted-foreground">{children}</div>
  )
  if (error) return state(<ErrorState message={error.message} onRetry={error.onRetry} />)
  if (loading) {
    return (
      <ul aria-label={label} aria-busy className="divide-y">
        {Array.from({ length: Math.min(skeletonCount, 6) }, (_, i) => (
          <li key={i} className="flex flex-col gap-2 p-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-5/6" />
          </li>
        ))}
      </ul>
    )
  }
  if (rows.length === 0) return state(<EmptyState hint={emptyHint} />)
  return (
    <ul aria-label={label} className={cn('divide-y transition-opacity', dimmed && 'opacity-55')}>
      {rows.map((row) => {
        const cells = new Map(row.getVisibleCells().map((cell) => [cell.column.id, cell]))
        const select = cells.get(SELECTION_COLUMN_ID)
        return (
          <li
            key={row.id}
            data-state={row.getIsSelected() ? 'selected' : undefined}
            data-testid={rowTestId?.(row.original)}
            className="flex items-start gap-1 px-2 py-2.5 data-[state=selected]:bg-accent"
          >
            {select && <div className="grid size-11 shrink-0 place-items-center">{render(select)}</div>}
            <div className="min-w-0 flex-1 pt-2.5">
              <div className="text-sm font-medium">{render(layout.title ? cells.get(layout.title) : undefined)}</div>
              <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
                {layout.facts
                  .filter((id) => cells.has(id))
                  .map((id) => {
                    const factLabel = labelOf(byId.get(id)!)
                    return (
                      <div key={id} className="min-w-0">
                        <dt className={factLabel.className}>{factLabel.text}</dt>
                        {/* Wrapped, not cut: a phone shows the whole fact (a role with its permissions). */}
                        <dd className="break-words">{render(cells.get(id))}</dd>
                      </div>
                    )
                  })}
              </dl>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
