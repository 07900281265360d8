import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { FileText, Pencil, Trash2 } from 'lucide-react'
import { expenseCategories, receiptLocation, type ExpenseRow } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Empty, text } from '../../components/ui/empty-value'
import { formatDate } from '../../lib/format-date'
import { usd } from './expenses-api'

const col = createColumnHelper<ExpenseRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<ExpenseRow, any>

const categoryName = (id: number | null) =>
  id === null ? null : (expenseCategories[id as keyof typeof expenseCategories] ?? null)

export type ExpenseActions = { edit: (row: ExpenseRow) => void; remove: (row: ExpenseRow) => void }

/**
 * The expenses table; `showUser` for a manager's team view. Ids are the server's sort fields where sortable.
 * Every row shown may be edited and deleted: the list shows only expenses the viewer may touch.
 */
export function expenseColumns({ showUser, actions }: { showUser: boolean; actions: ExpenseActions }): Column[] {
  const columns: Column[] = [
    col.accessor('expenseDate', {
      header: 'Date',
      enableSorting: true,
      cell: ({ getValue }) => formatDate(getValue()),
      meta: { className: 'tabular', card: 'title' },
    }),
    col.accessor('expense', {
      header: 'Amount',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue() === null ? null : usd.format(getValue())),
      meta: { className: 'text-right tabular', card: 1 },
    }),
    col.accessor('categoryId', {
      header: 'Category',
      cell: ({ getValue }) => text(categoryName(getValue())),
      meta: { card: 2 },
    }),
    col.accessor('note', {
      header: 'Note',
      cell: ({ getValue }) => <span className="line-clamp-2 max-w-80">{text(getValue())}</span>,
      meta: { card: 3 },
    }),
    col.accessor('receiptKey', {
      header: 'Receipt',
      cell: ({ row }) => {
        const { receiptKey, receiptName } = row.original
        if (!receiptKey) return <Empty />
        return (
          // The file viewer opens receipts (docs/product.md 2: /file-viewer?fileName=).
          <a
            href={receiptLocation(receiptKey)}
            target="_blank"
            rel="opener"
            className="inline-flex min-h-11 items-center gap-1 text-link hover:underline sm:min-h-0"
            title={receiptName ?? 'Receipt'}
          >
            <FileText className="size-3.5" />
            <span className="max-w-40 truncate">{receiptName ?? 'Receipt'}</span>
          </a>
        )
      },
      meta: { card: 4 },
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const what = `expense of ${formatDate(row.original.expenseDate)}`
        return (
          <div className="flex gap-1 sm:justify-end">
            <Button size="icon" variant="ghost" aria-label={`Edit ${what}`} onClick={() => actions.edit(row.original)}>
              <Pencil />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Delete ${what}`}
              onClick={() => actions.remove(row.original)}
            >
              <Trash2 />
            </Button>
          </div>
        )
      },
      meta: { className: 'w-24', card: 6 },
    }),
  ]
  if (showUser) {
    columns.splice(
      1,
      0,
      col.accessor('userName', { header: 'User', cell: ({ getValue }) => text(getValue()), meta: { card: 5 } }),
    )
  }
  return columns
}
