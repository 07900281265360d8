import { contactStatusNames } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { ArrowRight, Download } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateTime } from '../../lib/format-date'
import { saveFile } from '../../lib/fetch-file'
import { notify } from '../../lib/notify'
import { SelectField, TextField } from '../../components/form/form-fields'
import { StatusBadge } from '../../components/status-badge'
import { divisionFilterOptions, divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import {
  AUDIT_PAGE,
  auditUsersQuery,
  exportStatusChanges,
  statusAuditQuery,
  type AuditFilters,
} from './status-audit-api'
import { DivisionName } from '../../components/division-name'
import { PageStepper } from '../../components/page-stepper'

// Radix selects cannot hold '' as an item value: 'any' stands for "no filter".
const ANY = 'any'
const statusOptions = { ...Object.fromEntries(Object.entries(contactStatusNames)) }

/** Managers' audit of status changes across contacts: by user, division, transition and date range. */
export function StatusAuditPage() {
  const filters = useSearch({ strict: false }) as AuditFilters
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(statusAuditQuery(filters))
  const { data: users } = useSuspenseQuery(auditUsersQuery())
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const set = (key: keyof AuditFilters) => (value: string) =>
    void navigate({
      to: '/status-changes',
      search: {
        ...filters,
        first: undefined,
        [key]:
          value === '' || value === ANY ? undefined : key.endsWith('Id') && key !== 'userId' ? Number(value) : value,
      },
    })
  const page = (first: number) => void navigate({ to: '/status-changes', search: { ...filters, first } })

  const exportFile = async (exportType: 'excel' | 'csv') => {
    const file = await exportStatusChanges(filters, exportType).catch(() => null)
    if (!file) return notify.error('Export failed')
    saveFile(file, `status-changes.${exportType === 'excel' ? 'xlsx' : 'csv'}`)
  }

  const first = filters.first ?? 0
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Status changes</h1>
          <p className="text-muted-foreground">Who changed which contact’s status, when, where and why.</p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => void exportFile('excel')}>
            <Download /> Export to Excel
          </Button>
          <Button variant="ghost" onClick={() => void exportFile('csv')}>
            CSV
          </Button>
        </div>
      </header>
      <Card className="grid grid-cols-2 gap-3 p-4 md:grid-cols-6">
        <SelectField
          id="au-user"
          label="User"
          value={filters.userId ?? ANY}
          onChange={set('userId')}
          options={{ [ANY]: 'Anyone', ...Object.fromEntries((users?.rows ?? []).map((u) => [u.userId, u.name])) }}
        />
        <SelectField
          id="au-division"
          label="Division"
          value={filters.divisionId ? String(filters.divisionId) : ANY}
          onChange={set('divisionId')}
          options={{
            [ANY]: 'Any',
            ...divisionFilterOptions(divisions),
          }}
        />
        <SelectField
          id="au-from"
          label="From status"
          value={filters.fromStatusId ? String(filters.fromStatusId) : ANY}
          onChange={set('fromStatusId')}
          options={{ [ANY]: 'Any', ...statusOptions }}
        />
        <SelectField
          id="au-to"
          label="To status"
          value={filters.toStatusId ? String(filters.toStatusId) : ANY}
          onChange={set('toStatusId')}
          options={{ [ANY]: 'Any', ...statusOptions }}
        />
        <TextField
          id="au-date-from"
          label="From date"
          type="date"
          value={filters.dateFrom ?? ''}
          onChange={set('dateFrom')}
        />
        <TextField id="au-date-to" label="To date" type="date" value={filters.dateTo ?? ''} onChange={set('dateTo')} />
      </Card>
      <Card className="overflow-hidden">
        {/* A phone reads each change as a card: contact, from → to, when, who, where and why. */}
        <ul aria-label="Status changes" className="divide-y sm:hidden">
          {(data?.rows ?? []).map((r) => (
            <li key={`${r.position}-${r.divisionId}`} className="flex flex-col gap-1 px-4 py-3">
              <Link to="/contacts/$id" params={{ id: r.contactId }} className="font-medium text-link hover:underline">
                {r.contactName ?? 'Unnamed contact'}
              </Link>
              <StatusChange from={r.fromStatusId} to={r.toStatusId} />
              <p className="text-xs text-muted-foreground">
                {formatDateTime(r.occurredAt)} · {r.userName ?? 'System'} · <DivisionName id={r.divisionId} />
              </p>
              {r.reason && <p className="text-xs">{r.reason}</p>}
            </li>
          ))}
        </ul>
        <Table className="max-sm:hidden">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>When</TableHead>
              <TableHead>User</TableHead>
              <TableHead>Contact</TableHead>
              <TableHead>Division</TableHead>
              <TableHead>Change</TableHead>
              <TableHead>Reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(data?.rows ?? []).map((r) => (
              <TableRow key={`${r.position}-${r.divisionId}`}>
                <TableCell className="tabular whitespace-nowrap">{formatDateTime(r.occurredAt)}</TableCell>
                <TableCell>{r.userName ?? 'System'}</TableCell>
                <TableCell>
                  <Link to="/contacts/$id" params={{ id: r.contactId }} className="text-link hover:underline">
                    {r.contactName ?? 'Unnamed contact'}
                  </Link>
                </TableCell>
                <TableCell>
                  <DivisionName id={r.divisionId} />
                </TableCell>
                <TableCell>
                  <StatusChange from={r.fromStatusId} to={r.toStatusId} />
                </TableCell>
                <TableCell className="max-w-72 truncate text-foreground/80">{r.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.rows.length === 0 && <p className="px-4 py-8 text-center text-muted-foreground">No records found</p>}
        <footer className="flex items-center justify-between border-t px-4 py-2 text-xs text-muted-foreground">
          <PageStepper first={first} pageSize={AUDIT_PAGE} total={data.total} onPage={page} />
        </footer>
      </Card>
    </div>
  )
}

/** From → to, as badges ('none' for a contact's first status in a division). */
function StatusChange({ from, to }: { from: number | null; to: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {from ? <StatusBadge statusId={from} /> : <span className="text-xs text-muted-foreground">none</span>}
      <ArrowRight className="size-3 text-muted-foreground" />
      <StatusBadge statusId={to} />
    </span>
  )
}
