import { OPEN_STAGES, type OpportunityDashboard } from '@crm/contracts'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Funnel,
  FunnelChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatDate } from '../../lib/format-date'
import { compactUsd, usd } from '../../lib/money'

// Light to mid blue, so that the dark labels inside stay readable (4.5:1 and more).
const stageColors = ['#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6']

/** Open stages 1-5 as a funnel of how many opportunities stand in each; a click opens that stage's list. */
export function StageFunnel(props: { dashboard: OpportunityDashboard; onStage: (stage: number) => void }) {
  const data = props.dashboard.stages
    .filter((s) => (OPEN_STAGES as readonly number[]).includes(s.stage))
    .map((s, i) => ({ ...s, value: Math.max(s.count, 0.0001), fill: stageColors[i] }))
  const label = data.map((s) => `${s.name} ${s.count}`).join(', ')
  return (
    <div className="h-64 w-full" role="img" aria-label={`Open opportunities by stage: ${label}`}>
      <ResponsiveContainer width="100%" height="100%">
        <FunnelChart margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
          <Tooltip
            formatter={(_v, _n, item) => [`${item.payload.count} · ${usd(item.payload.amount)}`, item.payload.name]}
          />
          <Funnel
            dataKey="value"
            data={data}
            isAnimationActive={false}
            onClick={(entry: { stage?: number }) => entry.stage && props.onStage(entry.stage)}
            className="cursor-pointer"
          >
            <LabelList
              position="center"
              fill="#0f172a"
              fontSize={12}
              valueAccessor={(entry: { payload: { name: string; count: number } }) =>
                `${entry.payload.name} · ${entry.payload.count}`
              }
            />
          </Funnel>
        </FunnelChart>
      </ResponsiveContainer>
    </div>
  )
}

const bars = [
  { dataKey: 'openAmount', name: 'Open', fill: '#93c5fd' },
  { dataKey: 'wonAmount', name: 'Won', fill: 'var(--color-success)' },
  { dataKey: 'lostAmount', name: 'Lost', fill: 'var(--color-danger)' },
]

const unitLabel = { week: 'Week of', month: 'Month', year: 'Year' } as const
const periodText = (period: string, unit: OpportunityDashboard['trend']['unit']) =>
  unit === 'year' ? period.slice(0, 4) : unit === 'month' ? period.slice(0, 7) : formatDate(period).slice(0, 5)

/** Per period of the range: the open pipeline, its weighted amount, and what was won and lost. */
export function TrendChart({ dashboard }: { dashboard: OpportunityDashboard }) {
  const { unit, points } = dashboard.trend
  const data = points.map((p) => ({ ...p, label: periodText(p.period, unit) }))
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Open, weighted, won and lost amounts by ${unit} from ${formatDate(dashboard.dateFrom)} to ${formatDate(dashboard.dateTo)}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={11} />
          <YAxis tickFormatter={compactUsd} tickLine={false} fontSize={11} width={56} />
          <Tooltip
            itemStyle={{ color: 'var(--color-foreground)' }}
            labelFormatter={(_l, items) => `${unitLabel[unit]} ${items[0]?.payload.period ?? ''}`}
            formatter={(v, name) => [usd(Number(v)), name]}
          />
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(name) => <span className="text-foreground">{name}</span>}
          />
          {bars.map((bar) => (
            <Bar key={bar.dataKey} {...bar} isAnimationActive={false} radius={[3, 3, 0, 0]} />
          ))}
          <Line
            dataKey="weightedAmount"
            name="Weighted"
            stroke="#1d4ed8"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
