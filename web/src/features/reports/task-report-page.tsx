import { taskReportColumnKeys, taskReportColumns, type TaskReport, type TaskReportColumn } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable } from '../../components/data-table/data-table'
import { SelectField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
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

const col = createColumnHelper<Row>()

/** A salesperson per row, a clickable count per column, the on-time percent, and the totals under them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function taskReportTable(filters: TaskReportFilters, totals: TaskReport['totals']): ColumnDef<Row, any>[] {
  return [
    col.accessor('userName', {
      header: 'Salesperson',
      footer: 'Total',
      meta: { className: 'font-medium', card: 'title' },
    }),
    ...taskReportColumnKeys.map((k, i) =>
      col.display({
        id: k,
        header: taskReportColumns[k],
        cell: ({ row }) => <Cell row={row.original} column={k} filters={filters} />,
        footer: () => totals[k],
        meta: { className: 'tabular text-right', card: i + 1 },
      }),
    ),
    col.accessor('onTimePercent', {
      header: 'On time',
      cell: ({ getValue }) => (getValue() === null ? '—' : `${(getValue() as number).toFixed(2)}%`),
      footer: () => null,
      meta: { className: 'tabular text-right', card: taskReportColumnKeys.length + 1 },
    }),
  ]
}

function TaskReportBody({ filters }: { filters: TaskReportFilters }) {
  const { data } = useSuspenseQuery(taskReportQuery(filters))
  const chart = data.rows.map((r) => ({ name: r.userName, ...r.counts }))
  return (
    <>
      <DataTable
        label="Task report"
        heading={`Tasks due ${formatDate(data.dateFrom)} – ${formatDate(data.dateTo)}`}
        columns={taskReportTable(filters, data.totals)}
        getRowId={(r) => r.userId}
        data={data}
      />
      {chart.length > 0 && (
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
      )}
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
