import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import type { AuditRow } from '@crm/contracts'
import { CalendarDays, Download, X } from 'lucide-react'
import { SelectField, TextField } from '../../components/form/form-fields'
import { DataTable } from '../../components/data-table/data-table'
import { DivisionName } from '../../components/division-name'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { divisionFilterOptions, divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { CHANGES_PAGE, changesAuditQuery, exportChanges, type ChangesFilters } from './changes-audit-api'
import { auditUsersQuery } from './status-audit-api'

const ANY = 'any'

/** Kinds of change to filter by: each a set of event types (the filter sends them comma-separated). */
const kinds: Record<string, string> = {
  'ContactCreated,ContactUpdated,ContactDeleted,ContactsCombined,ContactMergedInto':
    'Contact created, edited or deleted',
  'ContactConverted,ContactStatusChanged,ContactMarkedDead,ContactMarkedNotQualified,ContactGivenUp,ContactContractLost':
    'Status changes',
  'ContactAssigned,ContactUnassigned': 'Assignments',
  'TaskCreated,TaskUpdated,TaskAssigned,TaskCompleted,TaskDeleted': 'Tasks',
  'ActivityLogged,ActivityEdited,ActivityInactivated': 'Activities',
  'SharedNoteAdded,SharedNoteRemoved,CommentAdded,CommentRemoved': 'Shared notes and comments',
  UserLoggedInAs: 'Sign in as',
  ReadModelRebuildRequested: 'Read model rebuilds',
}

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** Who did it: the user, and the administrator who had signed in as them. */
function Who({ name, by }: { name: string | null; by: string | null }) {
  return (
    <span>
      {name ?? 'System'}
      {by && <span className="block text-xs text-muted-foreground">signed in by {by}</span>}
    </span>
  )
}

const col = createColumnHelper<AuditRow>()

/** When, who, from which address, the contact (and a button to its story), the division and what changed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function changeColumns(onContact: (contactId: string) => void): ColumnDef<AuditRow, any>[] {
  return [
    col.accessor('occurredAt', {
      header: 'When',
      cell: ({ getValue }) => formatDateTime(getValue()),
      meta: { className: 'tabular', card: 1 },
    }),
    col.accessor('userName', {
      header: 'Who',
      cell: ({ row: { original: r } }) => <Who name={r.userName} by={r.signedInByName} />,
      meta: { card: 2 },
    }),
    col.accessor('clientAddress', {
      header: 'From',
      cell: ({ getValue }) => getValue() ?? '–',
      meta: { className: 'tabular text-muted-foreground', card: 3 },
    }),
    col.accessor('contactId', {
      header: 'Contact',
      cell: ({ row: { original: r } }) =>
        r.contactId ? (
          <ContactLink id={r.contactId} name={r.contactName} onFilter={() => onContact(r.contactId!)} />
        ) : (
          '–'
        ),
      meta: { card: 4 },
    }),
    col.accessor('divisionId', {
      header: 'Division',
      cell: ({ getValue }) => (getValue() === null ? '–' : <DivisionName id={getValue()} />),
      meta: { card: 5 },
    }),
    col.accessor('summary', {
      header: 'Change',
      meta: { className: 'max-w-[32rem] text-foreground/85', card: 'title' },
    }),
  ]
}

/**
 * The audit of every change (docs/decisions/033): every event of every record, who (and who had signed in as
 * them), when and from where. A contact's whole story, a user's day, or everything, filtered and exported.
 */
export function ChangesAuditPage() {
  const filters = useSearch({ strict: false }) as ChangesFilters
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(changesAuditQuery(filters))
  const { data: users } = useSuspenseQuery(auditUsersQuery())
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const go = (search: ChangesFilters) => void navigate({ to: '/changes', search })
  const set = (key: keyof ChangesFilters) => (value: string) =>
    go({
      ...filters,
      first: undefined,
      [key]: value === '' || value === ANY ? undefined : key === 'divisionId' ? Number(value) : value,
    })
  const first = filters.first ?? 0
  const columns = changeColumns(set('contactId'))
  const contactName = filters.contactId ? (data.rows.find((r) => r.contactName)?.contactName ?? 'This contact') : null

  const exportFile = async (exportType: 'excel' | 'csv') => {
    const file = await exportChanges(filters, exportType).catch(() => null)
    if (!file) return notify.error('Export failed')
    const url = URL.createObjectURL(file)
    Object.assign(document.createElement('a'), {
      href: url,
      download: `changes.${exportType === 'excel' ? 'xlsx' : 'csv'}`,
    }).click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">All changes</h1>
          <p className="text-muted-foreground">
            Every change of every record: who made it, when and from where.{' '}
            <Link to="/status-changes" className="text-link hover:underline">
              Status changes only
            </Link>
          </p>
        </div>
        <div className="flex gap-2">
          <Button className="max-sm:h-11" onClick={() => void exportFile('excel')}>
            <Download /> Export to Excel
          </Button>
          <Button variant="ghost" className="max-sm:h-11" onClick={() => void exportFile('csv')}>
            CSV
          </Button>
        </div>
      </header>
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          id="ch-user"
          label="User"
          value={filters.userId ?? ANY}
          onChange={set('userId')}
          options={{ [ANY]: 'Anyone', ...Object.fromEntries((users?.rows ?? []).map((u) => [u.userId, u.name])) }}
        />
        <SelectField
          id="ch-kind"
          label="Change"
          value={filters.types ?? ANY}
          onChange={set('types')}
          options={{ [ANY]: 'Any change', ...kinds }}
        />
        <SelectField
          id="ch-division"
          label="Division"
          value={filters.divisionId ? String(filters.divisionId) : ANY}
          onChange={set('divisionId')}
          options={{
            [ANY]: 'Any',
            ...divisionFilterOptions(divisions),
          }}
        />
        <TextField
          id="ch-date-from"
          label="From date"
          type="date"
          value={filters.dateFrom ?? ''}
          onChange={set('dateFrom')}
        />
        <TextField id="ch-date-to" label="To date" type="date" value={filters.dateTo ?? ''} onChange={set('dateTo')} />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-5">
          <Button
            size="sm"
            variant="ghost"
            className="max-sm:h-11"
            onClick={() => go({ ...filters, first: undefined, dateFrom: today(), dateTo: today() })}
          >
            <CalendarDays /> Today
          </Button>
          {contactName && (
            <Badge variant="accent">
              Contact: {contactName}
              <button
                type="button"
                aria-label="Show every contact"
                className="ml-1 rounded-full p-1 hover:bg-background/60"
                onClick={() => go({ ...filters, first: undefined, contactId: undefined })}
              >
                <X className="size-3" />
              </button>
            </Badge>
          )}
        </div>
      </Card>
      <DataTable
        label="Changes"
        columns={columns}
        getRowId={(r) => r.position}
        data={{ rows: data.rows, total: data.total, totalIsCapped: data.capped }}
        pages={{ first, limit: CHANGES_PAGE, onPage: (next) => go({ ...filters, first: next }) }}
      />
    </div>
  )
}

/** The contact's page, and a button that narrows the audit to its story. */
function ContactLink({ id, name, onFilter }: { id: string; name: string | null; onFilter: () => void }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <Link to="/contacts/$id" params={{ id }} className="text-link hover:underline">
        {name ?? 'Unnamed contact'}
      </Link>
      <button
        type="button"
        className="text-xs text-muted-foreground underline hover:text-foreground"
        onClick={onFilter}
      >
        its story
      </button>
    </span>
  )
}
