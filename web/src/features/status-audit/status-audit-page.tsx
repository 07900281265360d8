import { contactStatusNames, type StatusChangeRow } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { ArrowRight, Download } from 'lucide-react'
import { DataTable } from '../../components/data-table/data-table'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
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

// Radix selects cannot hold '' as an item value: 'any' stands for "no filter".
const ANY = 'any'
const statusOptions = { ...Object.fromEntries(Object.entries(contactStatusNames)) }

const col = createColumnHelper<StatusChangeRow>()

/** When, who, which contact, where, from → to and why. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<StatusChangeRow, any>[] = [
  col.accessor('occurredAt', {
    header: 'When',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { className: 'tabular', card: 3 },
  }),
  col.accessor('userName', { header: 'User', cell: ({ getValue }) => getValue() ?? 'System', meta: { card: 4 } }),
  col.accessor('contactName', {
    header: 'Contact',
    cell: ({ row: { original: r } }) => (
      <Link to="/contacts/$id" params={{ id: r.contactId }} className="text-link hover:underline">
        {r.contactName ?? 'Unnamed contact'}
      </Link>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('divisionId', {
    header: 'Division',
    cell: ({ getValue }) => <DivisionName id={getValue()} />,
    meta: { card: 5 },
  }),
  col.accessor('toStatusId', {
    header: 'Change',
    cell: ({ row: { original: r } }) => <StatusChange from={r.fromStatusId} to={r.toStatusId} />,
    meta: { card: 1 },
  }),
  col.accessor('reason', {
    header: 'Reason',
    cell: ({ getValue }) => getValue(),
    meta: { className: 'max-w-72 truncate text-foreground/80', card: 6 },
  }),
]

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
      <DataTable
        label="Status changes"
        columns={columns}
        getRowId={(r) => `${r.position}-${r.divisionId}`}
        data={data}
        pages={{ first, limit: AUDIT_PAGE, onPage: page }}
      />
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
