import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { EmailHistoryRow } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
import { formatDateTime } from '../../lib/format-date'
import { EmailStatusBadge, RecipientAnswer } from './status-label'

const col = createColumnHelper<EmailHistoryRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<EmailHistoryRow, any>

/** The email history table: what went to whom, from whom, when and how it stands. */
export const historyColumns: Column[] = [
  col.accessor('subject', {
    header: 'Subject',
    cell: ({ row, getValue }) => (
      <span className="font-medium">
        {getValue()}
        {row.original.marketing && (
          <Badge className="ml-1.5" title="Sent by email marketing">
            Marketing
          </Badge>
        )}
      </span>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('contactName', {
    header: 'Contact',
    cell: ({ row }) => (
      <Link to="/contacts/$id" params={{ id: row.original.contactId }} className="hover:text-link hover:underline">
        {row.original.contactName ?? row.original.recipient}
      </Link>
    ),
    meta: { card: 1 },
  }),
  col.accessor('recipient', { header: 'Email', meta: { card: 2 } }),
  col.accessor('templateName', { header: 'Template', cell: ({ getValue }) => getValue() ?? '—', meta: { card: 5 } }),
  col.accessor('senderName', { header: 'Sent by', cell: ({ getValue }) => getValue() ?? '—', meta: { card: 4 } }),
  col.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => <EmailStatusBadge status={getValue()} />,
    meta: { card: 3 },
  }),
  col.display({
    id: 'answer',
    header: 'Recipient',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <RecipientAnswer row={row.original} />
      </div>
    ),
    meta: { card: 7 },
  }),
  col.accessor('sendingTime', {
    header: 'Date',
    cell: ({ row }) => formatDateTime(row.original.sentAt ?? row.original.sendingTime),
    meta: { card: 6 },
  }),
]
