import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Pencil, Trash2 } from 'lucide-react'
import { loadEquipment, loadTypes, usStates, type LoadRow } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { text } from '../../components/ui/empty-value'
import { formatDate } from '../../lib/format-date'
import { usd } from './money'

const col = createColumnHelper<LoadRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<LoadRow, any>

const stateCode = (id: number) => usStates.find((s) => s.id === id)?.code ?? ''
const place = (city: string, stateId: number, zip: string | null) =>
  [city, [stateCode(stateId), zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
const nameOf = (list: readonly { id: number; name: string }[], id: number | null) =>
  list.find((x) => x.id === id)?.name ?? null

/** The customer's loads table; the last column edits or deletes a load. */
export const loadColumns = (actions: { edit: (load: LoadRow) => void; remove: (load: LoadRow) => void }): Column[] => [
  col.accessor('pickUpDate', {
    header: 'Pick-up',
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular">{formatDate(getValue())}</span>,
    meta: { card: 'title' },
  }),
  col.accessor('originCity', {
    header: 'Origin',
    enableSorting: true,
    cell: ({ row }) => place(row.original.originCity, row.original.originStateId, row.original.originZip),
    meta: { card: 1 },
  }),
  col.accessor('destinationCity', {
    header: 'Destination',
    enableSorting: true,
    cell: ({ row }) =>
      place(row.original.destinationCity, row.original.destinationStateId, row.original.destinationZip),
    meta: { card: 2 },
  }),
  col.accessor('loadPay', {
    header: 'Load pay',
    enableSorting: true,
    cell: ({ getValue }) => usd(getValue()),
    meta: { className: 'text-right tabular', card: 3 },
  }),
  col.accessor('loadTypeId', { header: 'Type', cell: ({ getValue }) => text(nameOf(loadTypes, getValue())) }),
  col.accessor('equipmentId', {
    header: 'Equipment',
    cell: ({ getValue }) => text(nameOf(loadEquipment, getValue())),
    meta: { card: 4 },
  }),
  col.accessor('product', { header: 'Product', cell: ({ getValue }) => text(getValue()) }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="flex gap-1 sm:justify-end">
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Edit load of ${formatDate(row.original.pickUpDate)}`}
          onClick={() => actions.edit(row.original)}
        >
          <Pencil />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Delete load of ${formatDate(row.original.pickUpDate)}`}
          onClick={() => actions.remove(row.original)}
        >
          <Trash2 />
        </Button>
      </div>
    ),
    meta: { className: 'w-24', card: 5 },
  }),
]
