import type { DayRatingLine } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { TextField } from '../../components/form/form-fields'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Badge } from '../../components/ui/badge'
import { formatDate } from '../../lib/format-date'
import { browserUtcOffset, dayRatingQuery } from './reports-api'

type DayRatingProps = { userId?: string; userName?: string }

const periodNames: Record<DayRatingLine['period'], string> = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' }
const percentText = (p: number | null) => (p === null ? '—' : `${p.toFixed(2)}%`)
const today = () => new Date(Date.now() + browserUtcOffset() * 60_000).toISOString().slice(0, 10)

function Rating({ line }: { line: DayRatingLine }) {
  if (line.rating === 'none') return <Badge>No target</Badge>
  return line.rating === 'good' ? (
    <Badge variant="success" dot>
      Good
    </Badge>
  ) : (
    <Badge variant="warning" dot>
      Short
    </Badge>
  )
}

/** Percent of the target per period, against the 100% line: a short period reads at a glance. */
function RatingChart({ lines }: { lines: DayRatingLine[] }) {
  const data = lines.map((l) => ({ period: periodNames[l.period], percent: l.percent ?? 0, rating: l.rating }))
  const top = Math.max(120, ...data.map((d) => Math.ceil(d.percent / 20) * 20))
  return (
    <div className="h-56 w-full" role="img" aria-label="Percent of the expectation per period">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" tickLine={false} />
          <YAxis domain={[0, top]} tickFormatter={(v: number) => `${v}%`} tickLine={false} />
          <Tooltip formatter={(v) => [`${Number(v).toFixed(2)}%`, 'Percent']} />
          <ReferenceLine
            y={100}
            stroke="var(--color-success)"
            strokeDasharray="4 4"
            label={{ value: 'Target', position: 'insideTopRight', fontSize: 11 }}
          />
          <Bar dataKey="percent" isAnimationActive={false} radius={[3, 3, 0, 0]}>
            {data.map((d) => (
              <Cell key={d.period} fill={d.rating === 'good' ? 'var(--color-success)' : 'var(--color-warning)'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}

const col = createColumnHelper<DayRatingLine>()

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<DayRatingLine, any>[] = [
  col.accessor('period', {
    header: 'Period',
    cell: ({ getValue }) => periodNames[getValue() as DayRatingLine['period']],
    meta: { className: 'font-medium', card: 'title' },
  }),
  col.accessor('dateFrom', {
    header: 'Days',
    cell: ({ row: { original: l } }) => `${formatDate(l.dateFrom)} – ${formatDate(l.dateTo)}`,
    meta: { className: 'tabular text-foreground/80', card: 1 },
  }),
  col.accessor('calculatedActual', { header: 'Actual', meta: { className: 'tabular text-right', card: 2 } }),
  col.accessor('calculatedExpectation', { header: 'Expected', meta: { className: 'tabular text-right', card: 3 } }),
  col.accessor('percent', {
    header: 'Percent',
    cell: ({ getValue }) => percentText(getValue()),
    meta: { className: 'tabular text-right', card: 4 },
  }),
  col.accessor('callTime', { header: 'Call time', meta: { className: 'tabular text-right', card: 5 } }),
  col.accessor('rating', {
    header: 'Rating',
    cell: ({ row: { original: l } }) => <Rating line={l} />,
    meta: { card: 6 },
  }),
]

function DayRatingBody({ props }: ModalComponentProps<DayRatingProps>) {
  const [date, setDate] = useState(today)
  const query = useQuery(dayRatingQuery(props.userId, date || undefined))
  return (
    <ModalBody className="flex flex-col gap-4">
      <TextField id="dr-date" label="Day" type="date" value={date} onChange={setDate} className="max-w-48" />
      <DataTable
        label="Day Rating"
        columns={columns}
        getRowId={(l) => l.period}
        rowTestId={(l) => `rating-${l.period}`}
        data={query.data && { rows: query.data.lines }}
        error={tableError(query.error, query.refetch)}
        isFetching={query.isFetching}
        skeletonRows={4}
      />
      {query.data && query.data.lines.length > 0 && (
        <>
          <RatingChart lines={query.data.lines} />
          <p className="text-xs text-muted-foreground">
            Activities logged (calls, emails, texts, meetings) against the targets on the user's profile; a week counts
            5 days, a month 20 and a year 250 when only a daily target is set.
          </p>
        </>
      )}
    </ModalBody>
  )
}

const dayRatingModal = defineModal<DayRatingProps>('day_rating', {
  title: (p) => (p.userName ? `Day Rating · ${p.userName}` : 'Day Rating'),
  component: DayRatingBody,
})

export const openDayRating = (props: DayRatingProps = {}) => dayRatingModal.open(props)
