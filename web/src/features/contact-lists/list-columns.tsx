import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Flag } from 'lucide-react'
import { organizationTypes, type ContactSearchRow, type OrganizationTypeId } from '@crm/contracts'
import { formatDate } from '../../lib/format-date'
import { SaferLink } from '../contacts/safer-link'
import { StatusBadge } from '../contacts/status-badge'
import { importedAge, importedAgeClass } from './imported-age'

const col = createColumnHelper<ContactSearchRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<ContactSearchRow, any>

const Empty = () => <span className="text-muted-foreground/60">—</span>
const text = (value: string | number | null) => (value === null || value === '' ? <Empty /> : value)
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

function NameCell({ row }: { row: ContactSearchRow }) {
  return (
    <div className="flex max-w-72 items-center gap-1.5">
      {row.openedFlags > 0 && (
        <Flag className="size-3.5 shrink-0 fill-danger text-danger" aria-label="Open red flags" />
      )}
      {/* SPEC.md: the name opens the contact in a new tab. */}
      <Link
        to="/contacts/$id"
        params={{ id: row.id }}
        target="_blank"
        rel="opener"
        preload={false}
        className="truncate font-medium text-foreground hover:text-link hover:underline"
        title={row.name}
      >
        {row.name}
      </Link>
    </div>
  )
}

export interface ColumnOptions {
  imported: boolean
  assignedUser: boolean
  status: boolean
  collection: boolean
}

/** The contacts table of SPEC.md section 2 with its conditional columns. Ids are the server's sort fields. */
export function listColumns(options: ColumnOptions): Column[] {
  const columns: Column[] = [
    col.accessor('name', {
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => <NameCell row={row.original} />,
      meta: { skeletonWidth: '160px', sticky: true },
    }),
  ]
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
    col.accessor('organizationTypeId', {
      header: 'Org. Type',
      enableSorting: true,
      cell: ({ getValue }) =>
        text(getValue() === null ? null : (organizationTypes[getValue() as OrganizationTypeId] ?? getValue())),
    }),
    col.accessor('dotNumber', {
      header: 'US DOT',
      enableSorting: true,
      cell: ({ getValue }) => <SaferLink kind="dot" value={getValue()} />,
    }),
    col.accessor('mcNumber', {
      header: 'MC Number',
      enableSorting: true,
      cell: ({ getValue }) => <SaferLink kind="mc" value={getValue()} />,
    }),
    col.accessor('state', { header: 'State', enableSorting: true, cell: ({ getValue }) => text(getValue()) }),
    col.accessor('numberOfTrucks', {
      header: '# of trucks',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
      meta: { className: 'text-right tabular' },
    }),
    col.accessor('ownerName', {
      header: 'Company Owner',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
    }),
    col.accessor('preferredLanguage', { header: 'Preferred Language', cell: ({ getValue }) => text(getValue()) }),
    col.accessor('companyTypeId', {
      header: 'Company Type',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
    }),
    col.accessor('businessPhone', { header: 'Business Phone', cell: ({ getValue }) => text(getValue()) }),
    col.accessor('lastContactDate', {
      header: 'Last Contact Date',
      enableSorting: true,
      cell: ({ getValue }) => text(formatDate(getValue())),
      meta: { className: 'tabular' },
    }),
    col.accessor('lastMeetingDate', {
      header: 'Last Meeting Date',
      enableSorting: true,
      cell: ({ getValue }) => text(formatDate(getValue())),
      meta: { className: 'tabular' },
    }),
    // Related entities (possible duplicates) open from the contact page; the list shows none yet.
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
