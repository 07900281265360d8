import { managesReferral, type ReferralRow } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { SelectField, TextField } from '../../components/form/form-fields'
import { PageStepper } from '../../components/page-stepper'
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
  return (r: ReferralRow) =>
    session !== null &&
    r.paymentStatus !== 'Paid' &&
    managesReferral(
      {
        userId: session.user.userId,
        divisionId: divisionId ?? session.user.divisionId,
        permissions: session.user.permissions,
      },
      r,
    )
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
  const timeline = (r: ReferralRow) =>
    openReferralTimeline({ contactId: r.contactId, contactName: r.contactName ?? 'Contact' })
  const actions = (r: ReferralRow) => (
    <span className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="ghost" onClick={() => timeline(r)}>
        Timeline
      </Button>
      {mayPay(r) && (
        <Button size="sm" onClick={() => openReferralPayment(r)}>
          Mark as read
        </Button>
      )}
    </span>
  )
  const contactLink = (r: ReferralRow) => (
    <Link to="/contacts/$id" params={{ id: r.contactId }} className="font-medium text-link hover:underline">
      {r.contactName ?? 'Unnamed contact'}
    </Link>
  )

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
      <Card className="overflow-hidden">
        {/* A phone reads each referral as a card. */}
        <ul aria-label="Referrals" className="divide-y sm:hidden">
          {data.rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-1.5 px-4 py-3">
              {contactLink(r)}
              <span>
                {r.divisionFromName} → {r.divisionName}
              </span>
              <span className="text-xs text-muted-foreground">
                For {r.attentionToName ?? 'someone'} · due {formatDateTime(r.dueDate)}
              </span>
              <ReferralStatusBadge referral={r} />
              {actions(r)}
            </li>
          ))}
        </ul>
        <Table className="max-sm:hidden">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Contact</TableHead>
              <TableHead>From</TableHead>
              <TableHead>To</TableHead>
              <TableHead>Attention To</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Payment</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {contactLink(r)}
                  <span className="block max-w-56 truncate text-xs text-muted-foreground">{r.subject}</span>
                </TableCell>
                <TableCell>{r.divisionFromName}</TableCell>
                <TableCell>{r.divisionName}</TableCell>
                <TableCell>{r.attentionToName}</TableCell>
                <TableCell className="tabular whitespace-nowrap">{formatDateTime(r.dueDate)}</TableCell>
                <TableCell>
                  <ReferralStatusBadge referral={r} part="status" />
                </TableCell>
                <TableCell>
                  <ReferralStatusBadge referral={r} part="payment" />
                  {r.paymentDate && (
                    <span className="block text-xs text-muted-foreground">
                      {formatDate(r.paymentDate)} · {r.payee}
                    </span>
                  )}
                </TableCell>
                <TableCell>{actions(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.rows.length === 0 && <p className="px-4 py-8 text-center text-muted-foreground">No records found</p>}
        <footer className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-2 text-xs text-muted-foreground">
          <PageStepper
            first={first}
            pageSize={limit}
            total={data.total}
            onPage={(next) => go({ ...filters, first: next })}
          >
            <SelectField
              id="rf-limit"
              label="Rows"
              value={String(limit)}
              onChange={set('limit')}
              options={Object.fromEntries(REFERRAL_PAGE_SIZES.map((n) => [String(n), String(n)]))}
              className="w-20"
            />
          </PageStepper>
        </footer>
      </Card>
    </div>
  )
}
