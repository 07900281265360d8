import './column-meta'
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table'
import { useMemo, type CSSProperties, type ReactNode } from 'react'
import type { ListQuery } from '@crm/contracts'
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

/**
 * Offset paging a screen keeps itself (its own URL parameters, or state): where the page starts and its size.
 * Without `onPageSize` the size is fixed and the pager offers no choice.
 */
export type DataTablePages = {
  first: number
  limit: number
  onPage: (first: number) => void
  onPageSize?: (limit: number) => void
  /** The sizes offered (the list query's sizes unless given). */
  sizes?: readonly number[]
}

/** The rows shown, and for a paged table the list's total (`Paged` of the contracts). */
export type DataTableData<Row> = { rows: Row[]; total?: number; totalIsCapped?: boolean; totalIsEstimate?: boolean }

export type DataTableProps<Row> = {
  label: string
  /**
   * Column value types differ per column; TanStack's own examples type the array this loosely. A column's
   * `footer` adds a totals row under the rows (a report's totals), kept in view while the rows scroll.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[]
  /** The list query of the URL: server paging and sorting. */
  query?: ListQuery
  onQueryChange?: (next: ListQuery) => void
  /**
   * Instead of a list query, a page the screen keeps itself. Given neither, every row shows and there is no
   * pager (a report's table of a few dozen rows).
   */
  pages?: DataTablePages
  getRowId: (row: Row) => string
  /** Undefined while the first page loads: skeleton rows in the real layout. */
  data?: DataTableData<Row>
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
  /** A line above the rows, inside the table's frame: what they cover (a report's period). */
  heading?: ReactNode
  /** Placeholder rows while an unpaged table loads (a paged one shows a page's worth). */
  skeletonRows?: number
  /** A test id per row, on its table row and on its card. */
  rowTestId?: (row: Row) => string
  /** Classes of the frame (e.g. a height it scrolls within). */
  className?: string
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

/**
 * Every list and report table of the app: server-paged and server-sorted by the list query of the URL, paged by
 * the screen (`pages`), or every row at once; its loading, empty and error states, and cards on a phone.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, query, onQueryChange, pages, data, error, isFetching, rowSelection, onRowSelectionChange } = props
  const paging = query ? { first: query.pagination.first, limit: query.pagination.limit } : pages
  const first = paging?.first ?? 0
  const skeletonCount = paging?.limit ?? props.skeletonRows ?? 5
  const selectable = Boolean(rowSelection && onRowSelectionChange)
  const allColumns = useMemo(() => (selectable ? [selectionColumn<Row>(), ...columns] : columns), [selectable, columns])
  const sorting: SortingState = query ? [{ id: query.sort.field, desc: query.sort.direction === 'desc' }] : []
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(props.columnChooserKey)

  const table = useReactTable<Row>({
    data: data?.rows ?? noRows,
    columns: allColumns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: data?.total ?? data?.rows.length ?? 0,
    defaultColumn: { enableSorting: false },
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection: rowSelection ?? {}, columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
    onRowSelectionChange,
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0]
      if (next && query && onQueryChange) onQueryChange(withSort(query, next.id, next.desc ? 'desc' : 'asc'))
    },
  })
  const toPage = (index: number) => {
    if (query && onQueryChange) onQueryChange(withPage(query, index))
    else if (pages) pages.onPage(index * pages.limit)
  }
  const toPageSize =
    query && onQueryChange ? (size: number) => onQueryChange(withPageSize(query, size)) : pages?.onPageSize

  const leafColumns = table.getVisibleLeafColumns()
  const rows = table.getRowModel().rows
  const pins = pinnedColumns(leafColumns)
  const footer = data && !error && rows.length > 0 && leafColumns.some((c) => c.columnDef.footer !== undefined)

  let body: ReactNode
  if (error) body = <ErrorRow colSpan={leafColumns.length} message={error.message} onRetry={error.onRetry} />
  else if (!data)
    body = (
      <SkeletonRows
        count={skeletonCount}
        columns={leafColumns.map((c) => ({ id: c.id, skeletonWidth: c.columnDef.meta?.skeletonWidth }))}
      />
    )
  else if (rows.length === 0) body = <EmptyRow colSpan={leafColumns.length} hint={props.emptyHint} />
  else
    body = rows.map((row) => (
      <TableRow
        key={row.id}
        data-state={row.getIsSelected() ? 'selected' : undefined}
        data-testid={props.rowTestId?.(row.original)}
      >
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
    <div
      className={cn(
        'relative flex min-h-0 flex-col overflow-hidden rounded-lg border bg-surface shadow-xs',
        props.className,
      )}
    >
      {props.heading && <div className="border-b px-4 py-2 text-sm text-muted-foreground">{props.heading}</div>}
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
          skeletonCount={skeletonCount}
          error={error}
          emptyHint={props.emptyHint}
          dimmed={Boolean(isFetching && data)}
          rowTestId={props.rowTestId}
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
        <Table aria-label={props.label} aria-busy={(!data && !error) || isFetching}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => (
                  <TableHead
                    key={header.id}
                    title={header.column.columnDef.meta?.headerTitle}
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
          {footer && (
            <tfoot>
              {table.getFooterGroups().map((group) => (
                <TableRow key={group.id} className="hover:bg-transparent">
                  {group.headers.map((header) => (
                    <TableCell
                      key={header.id}
                      style={pins.get(header.column.id)?.style}
                      className={cn(
                        'sticky bottom-0 z-10 border-t border-b-0 bg-subtle font-medium',
                        header.column.columnDef.meta?.className,
                        pins.has(header.column.id) && cn('z-20', pins.get(header.column.id)?.className),
                      )}
                    >
                      {header.isPlaceholder ? null : flexRender(header.column.columnDef.footer, header.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </tfoot>
          )}
        </Table>
      </div>
      {paging && data && !error && (
        <DataTablePager
          // Other filters, or another division (another estimate), make another list: its exact count is asked again.
          key={JSON.stringify([query?.filter, query?.tableFilter, data.total])}
          first={first}
          limit={paging.limit}
          total={data.total ?? data.rows.length}
          totalIsCapped={data.totalIsCapped ?? false}
          totalIsEstimate={data.totalIsEstimate}
          countExactly={props.countExactly}
          shownRows={data.rows.length}
          onPage={toPage}
          onPageSize={toPageSize}
          sizes={pages?.sizes}
          extra={props.columnChooserKey ? <ColumnChooser columns={table.getAllLeafColumns()} /> : undefined}
        />
      )}
    </div>
  )
}
