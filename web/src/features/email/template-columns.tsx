import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Pencil, Trash2 } from 'lucide-react'
import type { TemplateRow } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { formatDateTime } from '../../lib/format-date'
import { deleteTemplateModal, templateModal } from './template-modal'

const col = createColumnHelper<TemplateRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<TemplateRow, any>

/** The templates table: name, subject, who may use it, author, last change, and the author's actions. */
export const templateColumns: Column[] = [
  col.accessor('name', {
    header: 'Name',
    cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    meta: { card: 'title' },
  }),
  col.accessor('subject', { header: 'Subject', meta: { card: 1 } }),
  col.accessor('scope', {
    header: 'Shared with',
    cell: ({ row }) =>
      row.original.scope === 'division' ? <Badge>{row.original.divisionName ?? 'Division'}</Badge> : 'Only me',
    meta: { card: 2 },
  }),
  col.accessor('ownerName', { header: 'Author', cell: ({ getValue }) => getValue() ?? '—', meta: { card: 3 } }),
  col.accessor('updatedAt', {
    header: 'Updated',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { card: 4 },
  }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) =>
      row.original.mayEdit ? (
        <div className="flex justify-end gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Edit ${row.original.name}`}
            onClick={() => templateModal.open({ template: row.original })}
          >
            <Pencil />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Delete ${row.original.name}`}
            onClick={() => deleteTemplateModal.open({ template: row.original })}
          >
            <Trash2 />
          </Button>
        </div>
      ) : null,
    meta: { className: 'text-right', card: 5 },
  }),
]
