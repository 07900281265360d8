import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { companyTypeName, dealerCategoryNames, nationalities, type DealerRow } from '@crm/contracts'
import { Empty, organizationTypeName, text } from '../../components/ui/empty-value'
import { SaferLink } from '../../components/safer-link'
import { formatDate } from '../../lib/format-date'
import { telHref } from '../../lib/phone-mask'

const col = createColumnHelper<DealerRow>()
// Each column has its own value type; the table takes them as one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<DealerRow, any>

const nationalityName = (id: number | null) =>
  id === null ? null : (nationalities[id as keyof typeof nationalities] ?? null)

/** The dealers table: the filter card's fields as columns. Ids are the server's sort fields where sortable. */
export function dealerColumns(): Column[] {
  return [
    col.accessor('name', {
      header: 'Name',
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => (
        <Link
          to="/ts-dealers/$id"
          params={{ id: row.original.id }}
          className="block max-w-72 truncate font-medium text-foreground hover:text-link hover:underline"
          title={row.original.name}
        >
          {row.original.name}
        </Link>
      ),
      meta: { skeletonWidth: '160px', sticky: true, card: 'title' },
    }),
    col.accessor('contactCategory', {
      header: 'Dealer Type',
      cell: ({ getValue }) => text(dealerCategoryNames[getValue() ?? 0] ?? null),
      meta: { card: 1 },
    }),
    col.accessor('businessPhone', {
      header: 'Business Phone',
      enableSorting: true,
      cell: ({ getValue }) => {
        const phone = getValue()
        return phone ? (
          <a href={telHref(phone)} className="tabular hover:text-link hover:underline">
            {phone}
          </a>
        ) : (
          <Empty />
        )
      },
      meta: { card: 2 },
    }),
    col.accessor('state', {
      header: 'State',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
      meta: { card: 3 },
    }),
    col.accessor('zip', { header: 'Zip Code', cell: ({ getValue }) => text(getValue()), meta: { card: 4 } }),
    col.accessor('organizationTypeId', {
      header: 'Org. Type',
      cell: ({ getValue }) => text(organizationTypeName(getValue())),
    }),
    col.accessor('dotNumber', {
      header: 'US DOT',
      cell: ({ getValue }) => <SaferLink kind="dot" value={getValue()} />,
    }),
    col.accessor('mcNumber', {
      header: 'MC Number',
      cell: ({ getValue }) => <SaferLink kind="mc" value={getValue()} />,
    }),
    col.accessor('numberOfTrucks', {
      header: '# of trucks',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
      meta: { className: 'text-right tabular', card: 5 },
    }),
    col.accessor('ownerName', {
      header: 'Company Owner',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
    }),
    col.accessor('nationalityId', {
      header: 'Preferred Language',
      cell: ({ getValue }) => text(nationalityName(getValue())),
    }),
    col.accessor('companyTypeId', {
      header: 'Company Type',
      cell: ({ getValue }) => text(companyTypeName(getValue())),
    }),
    col.accessor('email', { header: 'Email', cell: ({ getValue }) => text(getValue()) }),
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
}
