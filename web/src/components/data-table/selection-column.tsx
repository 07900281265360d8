import type { ColumnDef } from '@tanstack/react-table'
import { Checkbox } from '../ui/checkbox'

export const SELECTION_COLUMN_ID = '__select'

/** Checkbox column for bulk actions; the header toggles the rows of the current page. */
export function selectionColumn<Row>(): ColumnDef<Row, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    enableSorting: false,
    meta: { className: 'pr-0', skeletonWidth: '14px', sticky: true, width: 36 },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
        onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
        disabled={table.getRowModel().rows.length === 0}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label="Select row"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    ),
  }
}
