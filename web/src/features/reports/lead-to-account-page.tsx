import { readsEveryDivisionReport, type LeadToAccountReport, type LeadToAccountRow } from '@crm/contracts'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Hourglass } from 'lucide-react'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { divisionFilterOptions, divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { isApiError } from '../../lib/api-error'
import { useAllowed } from '../../lib/permissions'
import { ReportPage } from './report-tabs'
import { leadToAccountQuery, type LeadToAccountFilters } from './reports-api'

const ALL = 'all'
const days = (n: number | null) => (n === null ? '–' : `${n.toLocaleString('en-US')} d`)
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** Per month: contacts that reached Account, and the median of their days from Lead (weighted by contacts). */
function monthly(rows: LeadToAccountRow[]) {
  const months = new Map<string, { month: string; contacts: number; weightedDays: number }>()
  for (const r of rows) {
    const m = months.get(r.month) ?? { month: r.month, contacts: 0, weightedDays: 0 }
    m.contacts += r.contacts
    m.weightedDays += r.averageDays * r.contacts
    months.set(r.month, m)
  }
  return [...months.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({
      month: monthLabel(m.month),
      contacts: m.contacts,
      averageDays: Math.round((m.weightedDays / m.contacts) * 10) / 10,
    }))
}

function MonthlyChart({ report }: { report: LeadToAccountReport }) {
  const data = monthly(report.rows)
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label="Contacts that became Accounts and their average days from Lead, per month"
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tickLine={false} />
          <YAxis yAxisId="days" tickLine={false} tickFormatter={(v: number) => `${v} d`} />
          <YAxis yAxisId="contacts" orientation="right" tickLine={false} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar
            yAxisId="contacts"
            dataKey="contacts"
            name="New Accounts"
            fill="var(--color-primary)"
            radius={[3, 3, 0, 0]}
          />
          <Line
            yAxisId="days"
            dataKey="averageDays"
            name="Average days from Lead"
            stroke="var(--color-warning)"
            strokeWidth={2}
            dot
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

const col = createColumnHelper<LeadToAccountRow>()
const dayColumn = (key: 'medianDays' | 'averageDays' | 'fastestDays' | 'slowestDays', header: string, card: number) =>
  col.accessor(key, {
    header,
    cell: ({ getValue }) => days(getValue()),
    meta: { className: 'tabular text-right', card },
  })

/** A month, division and source per row: how many became Accounts and how many days they took. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<LeadToAccountRow, any>[] = [
  col.accessor('month', { header: 'Month', cell: ({ getValue }) => monthLabel(getValue()), meta: { card: 'title' } }),
  col.accessor('divisionName', { header: 'Division', meta: { card: 1 } }),
  col.accessor('sourceName', { header: 'Prospect source', meta: { card: 2 } }),
  col.accessor('contacts', { header: 'Accounts', meta: { className: 'tabular text-right', card: 3 } }),
  dayColumn('medianDays', 'Median', 4),
  dayColumn('averageDays', 'Average', 5),
  dayColumn('fastestDays', 'Fastest', 6),
  dayColumn('slowestDays', 'Slowest', 7),
]

/** Time from Lead to Account: how long contacts take to become Accounts, per month, division and source. */
export function LeadToAccountPage() {
  const filters = useSearch({ strict: false }) as LeadToAccountFilters
  const navigate = useNavigate()
  const everyDivision = useAllowed(readsEveryDivisionReport)
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const query = useQuery(leadToAccountQuery(filters))
  const go = (search: LeadToAccountFilters) => void navigate({ to: '/reports/lead-to-account', search })
  const building = isApiError(query.error, 503)

  return (
    <ReportPage
      title="Time from Lead to Account"
      intro="Contacts that became Accounts each month, and how many days they took from first becoming a Lead in the division."
    >
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3">
        <TextField
          id="la-month-from"
          label="From month"
          type="month"
          value={filters.monthFrom ?? ''}
          onChange={(v) => go({ ...filters, monthFrom: v || undefined })}
        />
        <TextField
          id="la-month-to"
          label="To month"
          type="month"
          value={filters.monthTo ?? ''}
          onChange={(v) => go({ ...filters, monthTo: v || undefined })}
        />
        {everyDivision && (
          <SelectField
            id="la-division"
            label="Division"
            value={filters.divisionId ? String(filters.divisionId) : ALL}
            onChange={(v) => go({ ...filters, divisionId: v === ALL ? undefined : Number(v) })}
            options={{
              [ALL]: 'All divisions',
              ...divisionFilterOptions(divisions),
            }}
          />
        )}
      </Card>
      {building ? (
        <Card role="status" className="flex items-center gap-3 p-6 text-muted-foreground">
          <Hourglass className="size-5 shrink-0" aria-hidden />
          <span>{query.error?.message} This page refreshes by itself.</span>
        </Card>
      ) : (
        <>
          {query.data && query.data.rows.length > 0 && (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
              <Card className="p-4">
                <MonthlyChart report={query.data} />
              </Card>
              <Card className="grid grid-cols-3 gap-3 p-4 lg:grid-cols-1">
                <Figure label="New Accounts" value={query.data.total.contacts.toLocaleString('en-US')} />
                <Figure label="Median days" value={days(query.data.total.medianDays)} />
                <Figure label="Average days" value={days(query.data.total.averageDays)} />
              </Card>
            </div>
          )}
          <DataTable
            label="Time from Lead to Account by month, division and source"
            columns={columns}
            getRowId={(r) => `${r.month}:${r.divisionId}:${r.prospectSource}`}
            data={query.data && { rows: query.data.rows }}
            error={tableError(query.error, query.refetch)}
            isFetching={query.isFetching}
          />
        </>
      )}
      <p className="text-xs text-muted-foreground">
        Months are calendar months in UTC, by the day the contact became an Account. The source is the prospect source
        chosen when the Lead was converted.
      </p>
    </ReportPage>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-xl font-semibold tabular">{value}</p>
    </div>
  )
}
