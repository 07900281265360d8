import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Flag } from 'lucide-react'
import { companyTypeName, type ContactSearchRow } from '@crm/contracts'
import { Tooltip } from '../../components/ui/tooltip'
import { formatDate } from '../../lib/format-date'
import { Empty, organizationTypeName, text } from '../../components/ui/empty-value'
import { CallablePhone } from '../calls'
import { RelatedEntitiesCell } from '../contacts'
import { SaferLink } from '../../components/safer-link'
import { StatusBadge } from '../../components/status-badge'
import { importedAge, importedAgeClass } from './imported-age'

const col = createColumnHelper<ContactSearchRow>()
// Each column has its own value type; the table takes them as one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<ContactSearchRow, any>

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

function NameCell({ row }: { row: ContactSearchRow }) {
  return (
    <div className="flex max-w-72 items-center gap-1.5">
      {row.openedFlags > 0 && (
        <Tooltip content={`${row.openedFlags} open red flag${row.openedFlags === 1 ? '' : 's'}`}>
          <Flag className="size-3.5 shrink-0 fill-danger text-danger" aria-label="Open red flags" />
        </Tooltip>
      )}
      {/* docs/product.md: the name opens the contact in a new tab. rel=opener lets the tab inherit this tab's session. */}
      <Link
        to="/contacts/$id"
        params={{ id: row.id }}
        target="_blank"
        rel="opener"
        // Preloading would fill this tab's cache, but the contact opens in another tab.
        preload={false}
        className="truncate font-medium text-foreground hover:text-link hover:underline"
        title={row.name}
      >
        {row.name}
      </Link>
    </div>
  )
}

/** The columns every contacts table shows after Name (and Imported, where the list has it). */
const coreColumns = (): Column[] => [
  col.accessor('organizationTypeId', {
    header: 'Org. Type',
    enableSorting: true,
    cell: ({ getValue }) => text(organizationTypeName(getValue())),
  }),
  col.accessor('dotNumber', {
    header: 'US DOT',
    enableSorting: true,
    cell: ({ getValue }) => <SaferLink kind="dot" value={getValue()} />,
    meta: { card: 3 },
  }),
  col.accessor('mcNumber', {
    header: 'MC Number',
    enableSorting: true,
    cell: ({ getValue }) => <SaferLink kind="mc" value={getValue()} />,
  }),
  col.accessor('state', {
    header: 'State',
    enableSorting: true,
    cell: ({ getValue }) => text(getValue()),
    meta: { card: 4 },
  }),
  col.accessor('numberOfTrucks', {
    header: '# of trucks',
    enableSorting: true,
    cell: ({ getValue }) => text(getValue()),
    meta: { className: 'text-right tabular', card: 6 },
  }),
  col.accessor('ownerName', { header: 'Company Owner', enableSorting: true, cell: ({ getValue }) => text(getValue()) }),
  col.accessor('preferredLanguage', { header: 'Preferred Language', cell: ({ getValue }) => text(getValue()) }),
  col.accessor('companyTypeId', {
    header: 'Company Type',
    enableSorting: true,
    cell: ({ getValue }) => text(companyTypeName(getValue())),
  }),
  col.accessor('businessPhone', {
    header: 'Business Phone',
    cell: ({ getValue, row }) => {
      const phone = getValue()
      return phone ? (
        <CallablePhone contactId={row.original.id} phone={phone} contactName={row.original.name} />
      ) : (
        <Empty />
      )
    },
    meta: { card: 2 },
  }),
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
]

export interface ColumnOptions {
  imported: boolean
  assignedUser: boolean
  status: boolean
  collection: boolean
}

/** The contacts table of docs/product.md section 2 with its conditional columns. Ids are the server's sort fields. */
export function listColumns(options: ColumnOptions): Column[] {
  const columns: Column[] = [
    col.accessor('name', {
      header: 'Name',
      enableSorting: true,
      // The name opens the contact: it is never hidden.
      enableHiding: false,
      cell: ({ row }) => <NameCell row={row.original} />,
      meta: { skeletonWidth: '160px', sticky: true, card: 'title' },
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
    ...coreColumns(),
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
        meta: { card: 1 },
      }),
    )
  }
  if (options.assignedUser) {
    columns.push(
      col.accessor('assignedName', {
        header: 'Assigned User',
        enableSorting: true,
        cell: ({ getValue }) => text(getValue()),
        meta: { card: 5 },
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
