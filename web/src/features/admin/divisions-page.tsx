import { useSuspenseQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { DEFAULT_DIVISION_ID, EXECUTIVE_DIVISION_ID, type Division } from '@crm/contracts'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { DataTable } from '../../components/data-table/data-table'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { formatDate } from '../../lib/format-date'
import { divisionsQueryOptions } from './admin-api'
import { AdminPageHeader } from './admin-page-header'
import { deleteDivisionModal, divisionFormModal } from './division-modals'

const col = createColumnHelper<Division>()

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<Division, any>[] = [
  col.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: d } }) => (
      <span className="flex items-center gap-2 font-medium">
        {d.name}
        {d.id === DEFAULT_DIVISION_ID && <Badge variant="accent">Default</Badge>}
        {d.id === EXECUTIVE_DIVISION_ID && <Badge>Executive</Badge>}
      </span>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('userCount', {
    header: 'Active users',
    meta: { className: 'w-28 text-right tabular', card: 1 },
  }),
  col.accessor('createdAt', {
    header: 'Created',
    cell: ({ getValue }) => (getValue() ? formatDate(getValue()) : '—'),
    meta: { className: 'w-36 text-muted-foreground', card: 2 },
  }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row: { original: d } }) => (
      <div className="flex justify-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Rename ${d.name}`}
          onClick={() => divisionFormModal.open({ division: d })}
        >
          <Pencil />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${d.name}`}
          onClick={() => deleteDivisionModal.open({ division: d })}
        >
          <Trash2 />
        </Button>
      </div>
    ),
    meta: { className: 'w-28 text-right', card: 3 },
  }),
]

export function DivisionsPage() {
  const { data: divisions } = useSuspenseQuery(divisionsQueryOptions())
  return (
    <div className="flex flex-col gap-4 p-6">
      <AdminPageHeader
        title="Divisions"
        description="Sales divisions. Users and contacts belong to one or more of them."
        actions={
          <Button variant="primary" onClick={() => divisionFormModal.open({})}>
            <Plus /> New division
          </Button>
        }
      />
      <DataTable label="Divisions" columns={columns} getRowId={(d) => String(d.id)} data={{ rows: divisions }} />
    </div>
  )
}
