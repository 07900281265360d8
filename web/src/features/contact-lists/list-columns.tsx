import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { ContactSearchRow } from '@crm/contracts'
import { formatDate } from '../../lib/format-date'
import { contactCoreColumns, Empty, text } from '../contacts/contact-columns'
import { StatusBadge } from '../contacts/status-badge'
import { RelatedEntitiesCell } from '../contacts/related-entities-cell'
import { importedAge, importedAgeClass } from './imported-age'

const col = createColumnHelper<ContactSearchRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<ContactSearchRow, any>

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * A list row is a contacts-list row plus the list-only fields, so the shared core columns read only fields it
 * has; the cast only widens their row type.
 */
const coreColumns = () =>
  (contactCoreColumns() as unknown as Column[]).map((c) =>
    // Lists sort by company type on the server; the plain contacts endpoint does not.
    c.id === 'companyTypeId' || ('accessorKey' in c && c.accessorKey === 'companyTypeId')
      ? { ...c, enableSorting: true }
      : c,
  )

export interface ColumnOptions {
  imported: boolean
  assignedUser: boolean
  status: boolean
  collection: boolean
}

/** The contacts table of docs/product.md section 2 with its conditional columns. Ids are the server's sort fields. */
export function listColumns(options: ColumnOptions): Column[] {
  const [name, ...rest] = coreColumns()
  const columns: Column[] = [name!]
  if (options.imported) {
    columns.push(
      col.accessor('importDate', {
        header: 'Imported',
        enableSorting: true,
        cell: ({ getValue }) => {
          const value = getValue()
          return (
            <span className={`tabular font-medium ${importedAgeClass[importedAge(value)]}`}>
              {value ? formatDate(value) : <Empty />}
            </span>
          )
        },
      }),
    )
  }
  columns.push(
    ...rest,
    col.accessor('relatedEntities', {
      header: 'Related Entities',
      cell: ({ row }) => <RelatedEntitiesCell row={row.original} />,
      meta: { className: 'text-right tabular' },
    }),
  )
  if (options.status) {
    columns.push(
      col.accessor('statusId', {
        header: 'Status',
        enableSorting: true,
        cell: ({ getValue }) => <StatusBadge statusId={getValue()} />,
      }),
    )
  }
  if (options.assignedUser) {
    columns.push(
      col.accessor('assignedName', {
        header: 'Assigned User',
        enableSorting: true,
        cell: ({ getValue }) => text(getValue()),
      }),
    )
  }
  if (options.collection) {
    columns.push(
      col.accessor('currentBalance', {
        header: 'Current Balance',
        enableSorting: true,
        cell: ({ getValue }) => text(getValue() === null ? null : money.format(getValue())),
        meta: { className: 'text-right tabular' },
      }),
      col.accessor('daysLate', {
        header: 'Days Late',
        enableSorting: true,
        cell: ({ getValue }) => text(getValue()),
        meta: { className: 'text-right tabular' },
      }),
      col.accessor('lastCollectionActivity', {
        header: 'Last Collection Activity',
        enableSorting: true,
        cell: ({ getValue }) => text(formatDate(getValue())),
      }),
    )
  }
  return columns
}
