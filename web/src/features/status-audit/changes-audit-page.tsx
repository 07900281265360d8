import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { CalendarDays, Download, X } from 'lucide-react'
import { SelectField, TextField } from '../../components/form/form-fields'
import { DivisionName } from '../../components/division-name'
import { PageStepper } from '../../components/page-stepper'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
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
      <Card className="overflow-hidden">
        <ul aria-label="Changes" className="divide-y md:hidden">
          {data.rows.map((r) => (
            <li key={r.position} className="flex flex-col gap-1 px-4 py-3">
              <p>{r.summary}</p>
              {r.contactId && (
                <ContactLink id={r.contactId} name={r.contactName} onFilter={() => set('contactId')(r.contactId!)} />
              )}
              <p className="text-xs text-muted-foreground">
                {formatDateTime(r.occurredAt)} · {r.userName ?? 'System'}
                {r.signedInByName && <> (signed in by {r.signedInByName})</>}
                {r.clientAddress && <> · from {r.clientAddress}</>}
              </p>
            </li>
          ))}
        </ul>
        <Table className="max-md:hidden">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>From</TableHead>
              <TableHead>Contact</TableHead>
              <TableHead>Division</TableHead>
              <TableHead>Change</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.position}>
                <TableCell className="tabular whitespace-nowrap">{formatDateTime(r.occurredAt)}</TableCell>
                <TableCell>
                  <Who name={r.userName} by={r.signedInByName} />
                </TableCell>
                <TableCell className="tabular text-muted-foreground">{r.clientAddress ?? '–'}</TableCell>
                <TableCell>
                  {r.contactId ? (
                    <ContactLink
                      id={r.contactId}
                      name={r.contactName}
                      onFilter={() => set('contactId')(r.contactId!)}
                    />
                  ) : (
                    '–'
                  )}
                </TableCell>
                <TableCell>{r.divisionId === null ? '–' : <DivisionName id={r.divisionId} />}</TableCell>
                <TableCell className="max-w-[32rem] text-foreground/85">{r.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.rows.length === 0 && <p className="px-4 py-8 text-center text-muted-foreground">No records found</p>}
        <footer className="flex items-center justify-between border-t px-4 py-2 text-xs text-muted-foreground">
          <PageStepper
            first={first}
            pageSize={CHANGES_PAGE}
            total={data.total}
            capped={data.capped}
            onPage={(next) => go({ ...filters, first: next })}
          />
        </footer>
      </Card>
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
