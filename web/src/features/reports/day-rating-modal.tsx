import type { DayRatingLine } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { TextField } from '../../components/form/form-fields'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Badge } from '../../components/ui/badge'
import { ListStates } from '../../components/ui/list-states'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
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

function DayRatingBody({ props }: ModalComponentProps<DayRatingProps>) {
  const [date, setDate] = useState(today)
  const query = useQuery(dayRatingQuery(props.userId, date || undefined))
  return (
    <ModalBody className="flex flex-col gap-4">
      <TextField id="dr-date" label="Day" type="date" value={date} onChange={setDate} className="max-w-48" />
      <ListStates query={query} what="Day Rating" isEmpty={(d) => d.lines.length === 0} skeletonRows={4}>
        {(rating) => (
          <>
            <ul aria-label="Day Rating" className="divide-y sm:hidden">
              {rating.lines.map((l) => (
                <li key={l.period} className="flex flex-col gap-1 py-3" data-testid={`rating-${l.period}`}>
                  <div className="flex items-center justify-between">
                    <span className="font-medium">{periodNames[l.period]}</span>
                    <Rating line={l} />
                  </div>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(l.dateFrom)} – {formatDate(l.dateTo)}
                  </span>
                  <span className="tabular text-sm">
                    {l.calculatedActual} of {l.calculatedExpectation} · {percentText(l.percent)} · calls {l.callTime}
                  </span>
                </li>
              ))}
            </ul>
            <Table className="max-sm:hidden">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Period</TableHead>
                  <TableHead>Days</TableHead>
                  <TableHead className="text-right">Actual</TableHead>
                  <TableHead className="text-right">Expected</TableHead>
                  <TableHead className="text-right">Percent</TableHead>
                  <TableHead className="text-right">Call time</TableHead>
                  <TableHead>Rating</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rating.lines.map((l) => (
                  <TableRow key={l.period} data-testid={`rating-${l.period}`}>
                    <TableCell className="font-medium">{periodNames[l.period]}</TableCell>
                    <TableCell className="tabular whitespace-nowrap text-foreground/80">
                      {formatDate(l.dateFrom)} – {formatDate(l.dateTo)}
                    </TableCell>
                    <TableCell className="tabular text-right">{l.calculatedActual}</TableCell>
                    <TableCell className="tabular text-right">{l.calculatedExpectation}</TableCell>
                    <TableCell className="tabular text-right">{percentText(l.percent)}</TableCell>
                    <TableCell className="tabular text-right">{l.callTime}</TableCell>
                    <TableCell>
                      <Rating line={l} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <RatingChart lines={rating.lines} />
            <p className="text-xs text-muted-foreground">
              Activities logged (calls, emails, texts, meetings) against the targets on the user's profile; a week
              counts 5 days, a month 20 and a year 250 when only a daily target is set.
            </p>
          </>
        )}
      </ListStates>
    </ModalBody>
  )
}

const dayRatingModal = defineModal<DayRatingProps>('day_rating', {
  title: (p) => (p.userName ? `Day Rating · ${p.userName}` : 'Day Rating'),
  component: DayRatingBody,
})

export const openDayRating = (props: DayRatingProps = {}) => dayRatingModal.open(props)
