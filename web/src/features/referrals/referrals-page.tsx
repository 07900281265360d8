import { managesReferral, type ReferralRow } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { useCallback, useMemo } from 'react'
import { DataTable } from '../../components/data-table/data-table'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { SelectField, TextField } from '../../components/form/form-fields'
import { divisionFilterOptions, divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { formatDate, formatDateTime } from '../../lib/format-date'
import { useDivisionId, useSession } from '../../lib/session-store'
import { DEFAULT_REFERRAL_PAGE, REFERRAL_PAGE_SIZES, referralsQuery, type ReferralFilters } from './referrals-api'
import { openReferralPayment } from './payment-modal'
import { openReferralTimeline } from './referral-timeline-modal'
import { ReferralStatusBadge } from './referral-status-badge'

// Radix selects cannot hold '' as an item value: 'any' stands for "no filter".
const ANY = 'any'

/** Whether the caller enters this referral's payment (a manager of the receiving division, or an executive). */
function useMayPay() {
  const session = useSession()
  const divisionId = useDivisionId()
  return useCallback(
    (r: ReferralRow) =>
      session !== null &&
      r.paymentStatus !== 'Paid' &&
      managesReferral(
        {
          userId: session.user.userId,
          divisionId: divisionId ?? session.user.divisionId,
          permissions: session.user.permissions,
        },
        r,
      ),
    [session, divisionId],
  )
}

const col = createColumnHelper<ReferralRow>()

/** The referrals table; `mayPay` says whose payment the caller enters (their rows get "Mark as read"). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function referralColumns(mayPay: (r: ReferralRow) => boolean): ColumnDef<ReferralRow, any>[] {
  return [
    col.accessor('contactName', {
      header: 'Contact',
      cell: ({ row: { original: r } }) => (
        <>
          <Link to="/contacts/$id" params={{ id: r.contactId }} className="font-medium text-link hover:underline">
            {r.contactName ?? 'Unnamed contact'}
          </Link>
          <span className="block max-w-56 truncate text-xs text-muted-foreground">{r.subject}</span>
        </>
      ),
      meta: { card: 'title' },
    }),
    col.accessor('divisionFromName', { header: 'From', meta: { card: 1 } }),
    col.accessor('divisionName', { header: 'To', meta: { card: 2 } }),
    col.accessor('attentionToName', { header: 'Attention To', meta: { card: 3 } }),
    col.accessor('dueDate', {
      header: 'Due Date',
      cell: ({ getValue }) => formatDateTime(getValue()),
      meta: { className: 'tabular', card: 4 },
    }),
    col.accessor('status', {
      header: 'Status',
      cell: ({ row: { original: r } }) => <ReferralStatusBadge referral={r} part="status" />,
      meta: { card: 5 },
    }),
    col.accessor('paymentStatus', {
      header: 'Payment',
      cell: ({ row: { original: r } }) => (
        <>
          <ReferralStatusBadge referral={r} part="payment" />
          {r.paymentDate && (
            <span className="block text-xs text-muted-foreground">
              {formatDate(r.paymentDate)} · {r.payee}
            </span>
          )}
        </>
      ),
      meta: { card: 6 },
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: r } }) => (
        <span className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => openReferralTimeline({ contactId: r.contactId, contactName: r.contactName ?? 'Contact' })}
          >
            Timeline
          </Button>
          {mayPay(r) && (
            <Button size="sm" onClick={() => openReferralPayment(r)}>
              Mark as read
            </Button>
          )}
        </span>
      ),
      meta: { card: 7 },
    }),
  ]
}

/** The Referrals screen: sent and received, by division, status, payment status and date range, paged. */
export function ReferralsPage() {
  const filters = useSearch({ strict: false }) as ReferralFilters
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(referralsQuery(filters))
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const mayPay = useMayPay()
  const go = (search: ReferralFilters) => void navigate({ to: '/referrals', search })
  const set = (key: keyof ReferralFilters) => (value: string) =>
    go({
      ...filters,
      first: undefined,
      [key]:
        value === '' || value === ANY
          ? undefined
          : key === 'divisionId' || key === 'status' || key === 'limit'
            ? Number(value)
            : value,
    })
  const first = filters.first ?? 0
  const limit = filters.limit ?? DEFAULT_REFERRAL_PAGE
  const divisionOptions = divisionFilterOptions(divisions)
  const columns = useMemo(() => referralColumns(mayPay), [mayPay])

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header>
        <h1 className="text-xl font-semibold tracking-tight">Referrals</h1>
        <p className="text-muted-foreground">Contacts passed between divisions, their tasks and their payment.</p>
      </header>
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6">
        <SelectField
          id="rf-type"
          label="Referrals"
          value={filters.type ?? 'all'}
          onChange={set('type')}
          options={{ all: 'Sent and received', sent: 'Sent', received: 'Received' }}
        />
        <SelectField
          id="rf-division"
          label="Other division"
          value={filters.divisionId ? String(filters.divisionId) : ANY}
          onChange={set('divisionId')}
          options={{ [ANY]: 'Any', ...divisionOptions }}
        />
        <SelectField
          id="rf-status"
          label="Status"
          value={filters.status ? String(filters.status) : ANY}
          onChange={set('status')}
          options={{ [ANY]: 'Any', 1: 'Open', 2: 'Completed' }}
        />
        <SelectField
          id="rf-payment"
          label="Payment"
          value={filters.paymentStatus ?? ANY}
          onChange={set('paymentStatus')}
          options={{ [ANY]: 'Any', Paid: 'Paid', Unpaid: 'Unpaid' }}
        />
        <TextField id="rf-from" label="Sent from" type="date" value={filters.from ?? ''} onChange={set('from')} />
        <TextField id="rf-to" label="Sent to" type="date" value={filters.to ?? ''} onChange={set('to')} />
      </Card>
      <DataTable
        label="Referrals"
        columns={columns}
        getRowId={(r) => r.id}
        data={data}
        pages={{
          first,
          limit,
          sizes: REFERRAL_PAGE_SIZES,
          onPage: (next) => go({ ...filters, first: next }),
          onPageSize: (size) => set('limit')(String(size)),
        }}
      />
    </div>
  )
}
