import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { ContactSearchRow, LogisticsFlag } from '@crm/contracts'
import { StatusBadge } from '../../components/status-badge'
import { organizationTypeName, text } from '../../components/ui/empty-value'
import { PhoneLink } from '../../components/ui/phone-link'
import { formatDate } from '../../lib/format-date'

const col = createColumnHelper<ContactSearchRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<ContactSearchRow, any>

/**
 * The logistics lists' columns: a customer's name opens its customer page. A toggle's list (RFP, MFP, ...) shows
 * since when its toggle is on.
 */
export const customerColumns = ({
  assignedUser,
  toggle,
}: {
  assignedUser: boolean
  toggle?: LogisticsFlag
}): Column[] => [
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Link
        to="/customer-logistics/all-customers/$id"
        params={{ id: row.original.id }}
        className="block max-w-72 truncate font-medium text-foreground hover:text-link hover:underline"
        title={row.original.name}
      >
        {row.original.name}
      </Link>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('statusId', {
    header: 'Status',
    enableSorting: true,
    cell: ({ getValue }) => <StatusBadge statusId={getValue()} />,
    meta: { card: 1 },
  }),
  ...(toggle
    ? [
        col.accessor(toggle.dateKey, {
          id: toggle.dateKey,
          header: `${toggle.label} since`,
          cell: ({ getValue }) => text(formatDate(getValue()) || null),
          meta: { className: 'tabular', card: 2 },
        }),
      ]
    : []),
  col.accessor('organizationTypeId', {
    header: 'Org. Type',
    enableSorting: true,
    cell: ({ getValue }) => text(organizationTypeName(getValue())),
  }),
  col.accessor('state', {
    header: 'State',
    enableSorting: true,
    cell: ({ getValue }) => text(getValue()),
    meta: { card: 2 },
  }),
  col.accessor('ownerName', { header: 'Company Owner', enableSorting: true, cell: ({ getValue }) => text(getValue()) }),
  col.accessor('businessPhone', {
    header: 'Business Phone',
    enableSorting: true,
    cell: ({ getValue }) => (getValue() ? <PhoneLink phone={getValue()} /> : text(null)),
    meta: { card: 3 },
  }),
  col.accessor('lastContactDate', {
    header: 'Last Contact Date',
    enableSorting: true,
    cell: ({ getValue }) => text(formatDate(getValue()) || null),
    meta: { card: 4 },
  }),
  ...(assignedUser
    ? [
        col.accessor('assignedName', {
          header: 'Assigned User',
          enableSorting: true,
          cell: ({ getValue }) => text(getValue()),
        }),
      ]
    : []),
]
