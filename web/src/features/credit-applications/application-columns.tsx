import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { creditApplicationPath, type CreditApplicationRow } from '@crm/contracts'
import { Empty } from '../../components/ui/empty-value'
import { formatDate } from '../../lib/format-date'
import { ApplicationStatusBadge } from './application-status-badge'
import { formatMoney } from './money'

const col = createColumnHelper<CreditApplicationRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<CreditApplicationRow, any>

/** Columns of the three application lists; the column id is the server's sort field where it sorts. */
export const applicationColumns: Column[] = [
  col.accessor('applicantName', {
    id: 'applicantName',
    header: 'Applicant',
    meta: { card: 'title' },
    cell: ({ row }) => (
      <Link
        to={`/${creditApplicationPath(row.original.source)}/$id` as '/website-credit-applications/$id'}
        params={{ id: row.original.id }}
        className="font-medium text-foreground hover:text-link hover:underline"
      >
        {row.original.applicantName ?? row.original.businessName ?? 'Unnamed applicant'}
      </Link>
    ),
  }),
  col.accessor('businessName', {
    id: 'businessName',
    header: 'Business',
    meta: { card: 1 },
    cell: (c) => c.getValue() ?? <Empty />,
  }),
  col.accessor('statusId', {
    id: 'statusId',
    header: 'Status',
    meta: { card: 2 },
    cell: ({ row }) => <ApplicationStatusBadge statusId={row.original.statusId} />,
  }),
  col.accessor('amount', {
    id: 'amount',
    header: 'Amount',
    meta: { className: 'text-right tabular', card: 3 },
    cell: (c) => (c.getValue() === null ? <Empty /> : formatMoney(c.getValue() as number)),
  }),
  col.accessor('applicationDate', {
    id: 'applicationDate',
    header: 'Date',
    meta: { className: 'tabular', card: 4 },
    cell: (c) => (c.getValue() ? formatDate(c.getValue() as string) : <Empty />),
  }),
  col.accessor('analystName', {
    id: 'analystName',
    header: 'Analyst',
    meta: { card: 5 },
    cell: (c) => c.getValue() ?? <Empty />,
  }),
  col.accessor('applicantSsn', {
    id: 'ssn',
    header: 'SSN',
    enableSorting: false,
    meta: { className: 'tabular' },
    cell: (c) => c.getValue() ?? <Empty />,
  }),
  col.accessor('contactName', {
    id: 'contact',
    header: 'Contact',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.contactId ? (
        <Link to="/contacts/$id" params={{ id: row.original.contactId }} className="text-link hover:underline">
          {row.original.contactName ?? 'Contact'}
        </Link>
      ) : (
        <Empty />
      ),
  }),
]
