import { taskReportColumnKeys, taskReportColumns, type TaskReport, type TaskReportColumn } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { SelectField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDate } from '../../lib/format-date'
import { DivisionField, PeriodFields, SelectDateRange, UserField, periodComplete } from './report-filters'
import { ReportPage } from './report-tabs'
import { taskReportQuery, type TaskReportFilters } from './reports-api'
import { openTaskDrill } from './task-report-modal'

type Row = TaskReport['rows'][number]
/** How the due tasks ended up, stacked: good to bad. */
const stacked: { key: Exclude<TaskReportColumn, 'due'>; fill: string }[] = [
  { key: 'doneOnTime', fill: 'var(--color-success)' },
  { key: 'doneLate', fill: 'var(--color-warning)' },
  { key: 'pastDue', fill: 'var(--color-danger)' },
  { key: 'onSchedule', fill: 'var(--color-link)' },
]

function Cell(props: { row: Row; column: TaskReportColumn; filters: TaskReportFilters }) {
  const { row, column, filters } = props
  const count = row.counts[column]
  if (count === 0) return <span className="tabular text-muted-foreground">0</span>
  return (
    <button
      type="button"
      className="tabular min-h-11 min-w-11 font-medium text-link hover:underline sm:min-h-0 sm:min-w-0"
      aria-label={`${taskReportColumns[column]} of ${row.userName}: ${count}`}
      onClick={() => openTaskDrill({ filters, userId: row.userId, userName: row.userName, column, count })}
    >
      {count}
    </button>
  )
}

function TaskReportBody({ filters }: { filters: TaskReportFilters }) {
  const { data } = useSuspenseQuery(taskReportQuery(filters))
  if (data.rows.length === 0) {
    return <Card className="px-4 py-8 text-center text-muted-foreground">No records found</Card>
  }
  const chart = data.rows.map((r) => ({ name: r.userName, ...r.counts }))
  return (
    <>
      <Card className="overflow-hidden">
        <div className="border-b px-4 py-2 text-sm text-muted-foreground">
          Tasks due {formatDate(data.dateFrom)} – {formatDate(data.dateTo)}
        </div>
        {/* On a phone each salesperson is a card, so that every number stays on screen and can be tapped. */}
        <ul aria-label="Task report" className="divide-y sm:hidden">
          {data.rows.map((row) => (
            <li key={row.userId} className="px-4 py-3">
              <p className="font-medium">{row.userName}</p>
              <dl className="mt-1 grid grid-cols-2 gap-x-4">
                {taskReportColumnKeys.map((k) => (
                  <div key={k} className="flex items-center justify-between gap-2">
                    <dt className="text-muted-foreground">{taskReportColumns[k]}</dt>
                    <dd>
                      <Cell row={row} column={k} filters={filters} />
                    </dd>
                  </div>
                ))}
                <div className="flex min-h-11 items-center justify-between gap-2">
                  <dt className="text-muted-foreground">On time</dt>
                  <dd className="tabular">{row.onTimePercent === null ? '—' : `${row.onTimePercent.toFixed(2)}%`}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <div className="overflow-x-auto max-sm:hidden">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Salesperson</TableHead>
                {taskReportColumnKeys.map((k) => (
                  <TableHead key={k} className="text-right whitespace-nowrap">
                    {taskReportColumns[k]}
                  </TableHead>
                ))}
                <TableHead className="text-right whitespace-nowrap">On time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.userId}>
                  <TableCell className="font-medium whitespace-nowrap">{row.userName}</TableCell>
                  {taskReportColumnKeys.map((k) => (
                    <TableCell key={k} className="text-right">
                      <Cell row={row} column={k} filters={filters} />
                    </TableCell>
                  ))}
                  <TableCell className="tabular text-right">
                    {row.onTimePercent === null ? '—' : `${row.onTimePercent.toFixed(2)}%`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <tfoot className="border-t bg-subtle">
              <TableRow>
                <TableCell className="font-medium">Total</TableCell>
                {taskReportColumnKeys.map((k) => (
                  <TableCell key={k} className="tabular text-right font-medium">
                    {data.totals[k]}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </tfoot>
          </Table>
        </div>
      </Card>
      <Card className="p-4">
        <h2 className="mb-2 font-medium">How the due tasks stand</h2>
        <div
          className="w-full"
          style={{ height: 80 + chart.length * 36 }}
          role="img"
          aria-label="Due tasks per salesperson by how they stand"
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tickLine={false} />
              <YAxis type="category" dataKey="name" width={130} tickLine={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              {stacked.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={taskReportColumns[s.key]}
                  stackId="due"
                  fill={s.fill}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Card>
    </>
  )
}

/** The task report, and the follow-up report (follow-ups only): tasks due per salesperson and how they stand. */
export function TaskReportPage() {
  const filters = useSearch({ strict: false }) as TaskReportFilters
  const navigate = useNavigate()
  const go = (search: TaskReportFilters) => void navigate({ to: '/reports/tasks', search })
  return (
    <ReportPage
      title={filters.kind === 'followUps' ? 'Follow-up report' : 'Task report'}
      intro="Tasks due in the period: done on time, done late, past due now, or still on schedule. Click a number to see the tasks."
    >
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id="tr-kind"
          label="Report"
          value={filters.kind ?? 'all'}
          onChange={(v) => go({ ...filters, kind: v === 'followUps' ? 'followUps' : undefined })}
          options={{ all: 'All tasks', followUps: 'Follow-ups only' }}
        />
        <PeriodFields id="tr" filters={filters} go={go} />
        <DivisionField
          id="tr"
          all
          value={filters.divisionId}
          onChange={(divisionId) => go({ ...filters, divisionId })}
        />
        <UserField id="tr" value={filters.userId} onChange={(userId) => go({ ...filters, userId })} />
      </Card>
      {periodComplete(filters) ? <TaskReportBody filters={filters} /> : <SelectDateRange />}
    </ReportPage>
  )
}
