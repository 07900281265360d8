import './column-meta'
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo, type CSSProperties, type ReactNode } from 'react'
import type { ListQuery, Paged } from '@crm/contracts'
import { cn } from '../../lib/cn'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table'
import { ColumnChooser, useColumnVisibility } from './column-chooser'
import { DataTablePager } from './data-table-pager'
import type { CountExactly } from './exact-count'
import { EmptyRow, ErrorRow, SkeletonRows } from './data-table-states'
import { SortHeader } from './sort-header'
import { selectionColumn } from './selection-column'
import { DataTableCards } from './data-table-cards'
import { Checkbox } from '../ui/checkbox'
import { withPage, withPageSize, withSort } from './list-query-codec'

export type DataTableProps<Row> = {
  label: string
  // Column value types differ per column; TanStack's own examples type the array this loosely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[]
  query: ListQuery
  onQueryChange: (next: ListQuery) => void
  getRowId: (row: Row) => string
  /** Undefined while the first page loads: skeleton rows in the real layout. */
  data?: Paged<Row>
  error?: { message: string; onRetry: () => void }
  /** A newer page is on its way: the current rows stay, dimmed. */
  isFetching?: boolean
  /** Given together, they add a checkbox column (bulk actions). */
  rowSelection?: RowSelectionState
  onRowSelectionChange?: OnChangeFn<RowSelectionState>
  emptyHint?: ReactNode
  /** Given, an estimated total (a long list) gets a "Count exactly" button that calls it. */
  countExactly?: CountExactly
  /** Given, a Columns menu lets the user hide columns; the choice is kept per key (e.g. per list). */
  columnChooserKey?: string
}

const noRows: never[] = []

type Pin = { style: CSSProperties; className: string }

/** Sticky leading columns: each one's left offset is the widths before it; the last one draws the edge. */
function pinnedColumns(columns: { id: string; columnDef: { meta?: { sticky?: boolean; width?: number } } }[]) {
  const pins = new Map<string, Pin>()
  let left = 0
  const leading = columns.filter(
    (c, i) => c.columnDef.meta?.sticky && columns.slice(0, i).every((p) => p.columnDef.meta?.sticky),
  )
  leading.forEach((column, i) => {
    const width = column.columnDef.meta?.width
    const last = i === leading.length - 1
    pins.set(column.id, {
      style: { position: 'sticky', left, ...(width ? { width, minWidth: width, maxWidth: width } : {}) },
      className: cn(last && 'shadow-[inset_-1px_0_0_var(--color-border)]'),
    })
    left += width ?? 0
  })
  return pins
}

/** Server-paged, server-sorted table whose state is the list query of the URL. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, query, onQueryChange, data, error, isFetching, rowSelection, onRowSelectionChange } = props
  const { limit, first } = query.pagination
  const selectable = Boolean(rowSelection && onRowSelectionChange)
  const allColumns = useMemo(() => (selectable ? [selectionColumn<Row>(), ...columns] : columns), [selectable, columns])
  const sorting: SortingState = [{ id: query.sort.field, desc: query.sort.direction === 'desc' }]
  const pagination: PaginationState = { pageIndex: Math.floor(first / limit), pageSize: limit }
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(props.columnChooserKey)

  const table = useReactTable<Row>({
    data: data?.rows ?? noRows,
    columns: allColumns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data?.total ?? 0,
    defaultColumn: { enableSorting: false },
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
    state: { sorting, pagination, rowSelection: rowSelection ?? {}, columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
    onRowSelectionChange,
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0]
      if (next) onQueryChange(withSort(query, next.id, next.desc ? 'desc' : 'asc'))
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater
      onQueryChange(next.pageSize !== limit ? withPageSize(query, next.pageSize) : withPage(query, next.pageIndex))
    },
  })

  const leafColumns = table.getVisibleLeafColumns()
  const rows = table.getRowModel().rows
  const pins = pinnedColumns(leafColumns)

  let body: ReactNode
  if (error) body = <ErrorRow colSpan={leafColumns.length} message={error.message} onRetry={error.onRetry} />
  else if (!data)
    body = (
      <SkeletonRows
        count={limit}
        columns={leafColumns.map((c) => ({ id: c.id, skeletonWidth: c.columnDef.meta?.skeletonWidth }))}
      />
    )
  else if (rows.length === 0) body = <EmptyRow colSpan={leafColumns.length} hint={props.emptyHint} />
  else
    body = rows.map((row) => (
      <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
        {row.getVisibleCells().map((cell) => (
          <TableCell
            key={cell.id}
            style={pins.get(cell.column.id)?.style}
            className={cn(
              cell.column.columnDef.meta?.className,
              pins.has(cell.column.id) &&
                cn(
                  'z-[5] bg-surface group-hover/row:bg-subtle group-data-[state=selected]/row:bg-accent',
                  pins.get(cell.column.id)?.className,
                ),
            )}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        ))}
      </TableRow>
    ))

  return (
    // Shrinks to its rows, but never past the screen: then the body scrolls under the sticky header.
    <div className="relative flex min-h-0 flex-col overflow-hidden rounded-lg border bg-surface shadow-xs">
      {isFetching && data && (
        <div className="absolute inset-x-0 top-0 z-20 h-0.5 overflow-hidden" role="progressbar" aria-label="Loading">
          <div className="h-full w-1/3 animate-[progress-slide_1s_ease-in-out_infinite] bg-ring" />
        </div>
      )}
      {/* On a phone the rows are cards; from 640 px the table, scrolling sideways under its sticky first column. */}
      <div className="min-h-0 flex-1 overflow-auto sm:hidden">
        {selectable && rows.length > 0 && (
          <label className="flex h-11 items-center gap-3 border-b bg-subtle px-5 text-xs font-medium text-muted-foreground">
            <Checkbox
              checked={
                table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false
              }
              onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
            />
            Select all on this page
          </label>
        )}
        <DataTableCards
          label={props.label}
          rows={rows}
          columns={leafColumns}
          loading={!data && !error}
          skeletonCount={limit}
          error={error}
          emptyHint={props.emptyHint}
          dimmed={Boolean(isFetching && data)}
        />
      </div>
      {/*
        A size container: the empty and error states centre on what is visible, not on the full width. Focusable,
        so that a keyboard can scroll a table wider than the screen even when its cells hold no link (WCAG 2.1.1).
      */}
      <div
        tabIndex={0}
        className="@container min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-3 focus-visible:ring-ring/30 max-sm:hidden"
      >
        <Table aria-label={props.label} aria-busy={!data || isFetching}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => (
                  <TableHead
                    key={header.id}
                    style={pins.get(header.column.id)?.style}
                    className={cn(
                      header.column.columnDef.meta?.className,
                      pins.has(header.column.id) && cn('z-20 bg-subtle', pins.get(header.column.id)?.className),
                    )}
                    aria-sort={
                      header.column.getIsSorted() === 'asc'
                        ? 'ascending'
                        : header.column.getIsSorted() === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {header.isPlaceholder ? null : <SortHeader header={header} />}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody className={cn('transition-opacity', isFetching && data && 'opacity-55')}>{body}</TableBody>
        </Table>
      </div>
      {data && !error && (
        <DataTablePager
          // Other filters, or another division (another estimate), make another list: its exact count is asked again.
          key={JSON.stringify([query.filter, query.tableFilter, data.total])}
          first={first}
          limit={limit}
          total={data.total}
          totalIsCapped={data.totalIsCapped}
          totalIsEstimate={data.totalIsEstimate}
          countExactly={props.countExactly}
          shownRows={data.rows.length}
          onPage={(index) => table.setPageIndex(index)}
          onPageSize={(size) => table.setPageSize(size)}
          extra={props.columnChooserKey ? <ColumnChooser columns={table.getAllLeafColumns()} /> : undefined}
        />
      )}
    </div>
  )
}
