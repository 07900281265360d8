import { readsEveryDivisionReport, type LeadToAccountReport, type LeadToAccountRow } from '@crm/contracts'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Hourglass } from 'lucide-react'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
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

function ReportTable({ rows }: { rows: LeadToAccountRow[] }) {
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Time from Lead to Account by month, division and source">
        <TableHeader>
          <TableRow>
            <TableHead>Month</TableHead>
            <TableHead>Division</TableHead>
            <TableHead>Prospect source</TableHead>
            <TableHead className="text-right">Accounts</TableHead>
            <TableHead className="text-right">Median</TableHead>
            <TableHead className="text-right">Average</TableHead>
            <TableHead className="text-right">Fastest</TableHead>
            <TableHead className="text-right">Slowest</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.month}:${r.divisionId}:${r.prospectSource}`}>
              <TableCell className="whitespace-nowrap">{monthLabel(r.month)}</TableCell>
              <TableCell>{r.divisionName}</TableCell>
              <TableCell>{r.sourceName}</TableCell>
              <TableCell className="text-right tabular">{r.contacts}</TableCell>
              <TableCell className="text-right tabular">{days(r.medianDays)}</TableCell>
              <TableCell className="text-right tabular">{days(r.averageDays)}</TableCell>
              <TableCell className="text-right tabular">{days(r.fastestDays)}</TableCell>
              <TableCell className="text-right tabular">{days(r.slowestDays)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

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
          <Card className="px-4 py-2">
            <ListStates query={query} what="The report" isEmpty={(r) => r.rows.length === 0} skeletonRows={5}>
              {(report) => <ReportTable rows={report.rows} />}
            </ListStates>
          </Card>
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
