import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { CampaignRow } from '@crm/contracts'
import { formatDateTime } from '../../lib/format-date'
import { CampaignProgress } from './campaign-progress'

const col = createColumnHelper<CampaignRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<CampaignRow, any>
const count = (n: number) => n.toLocaleString('en-US')

/** The marketing sends table: what went to how many, from whom, when, and how far it got. */
export const campaignColumns: Column[] = [
  col.accessor('subject', {
    header: 'Subject',
    cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    meta: { card: 'title' },
  }),
  col.display({
    id: 'progress',
    header: 'Progress',
    cell: ({ row }) => <CampaignProgress campaign={row.original} compact />,
    meta: { card: 1 },
  }),
  col.accessor('total', { header: 'Contacts', cell: ({ getValue }) => count(getValue()), meta: { card: 2 } }),
  col.accessor('skipped', {
    header: 'Skipped (unsubscribed)',
    cell: ({ getValue }) => count(getValue()),
    meta: { card: 3 },
  }),
  col.accessor('noEmail', { header: 'No email', cell: ({ getValue }) => count(getValue()), meta: { card: 4 } }),
  col.accessor('failed', { header: 'Not sent', cell: ({ getValue }) => count(getValue()), meta: { card: 5 } }),
  col.accessor('templateName', { header: 'Template', cell: ({ getValue }) => getValue() ?? '—', meta: { card: 6 } }),
  col.accessor('senderName', { header: 'Sent by', cell: ({ getValue }) => getValue() ?? '—', meta: { card: 7 } }),
  col.accessor('sendingTime', {
    header: 'Date',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { card: 8 },
  }),
]
