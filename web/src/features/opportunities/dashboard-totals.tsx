import type { DashboardSlice, DashboardTotal, OpportunityDashboard } from '@crm/contracts'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { cn } from '../../lib/cn'
import { usd } from '../../lib/money'
import { StageBadge } from './stage-badge'

type Open = (slice: DashboardSlice, count: number) => void

/** A headline number: open pipeline, won, lost, win rate. The count opens the opportunities behind it. */
function Tile(props: {
  label: string
  total?: DashboardTotal
  slice?: DashboardSlice
  note?: string
  tone?: string
  onOpen: Open
  value?: string
}) {
  const { label, total, slice } = props
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-3 sm:p-4" aria-label={label}>
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      <span className={cn('tabular text-lg font-semibold tracking-tight break-all sm:text-2xl', props.tone)}>
        {props.value ?? usd(total?.amount ?? 0)}
      </span>
      {total && slice ? (
        <button
          type="button"
          className="self-start text-left text-[13px] text-link hover:underline"
          onClick={() => props.onOpen(slice, total.count)}
          data-testid={`tile-${slice}`}
        >
          {total.count} {total.count === 1 ? 'opportunity' : 'opportunities'}
          {props.note ? ` · ${props.note}` : ''}
        </button>
      ) : (
        <span className="text-[13px] text-muted-foreground">{props.note}</span>
      )}
    </Card>
  )
}

export function DashboardTiles({ dashboard: d, onOpen }: { dashboard: OpportunityDashboard; onOpen: Open }) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <Tile
        label="Open pipeline"
        total={d.open}
        slice="open"
        note={`weighted ${usd(d.open.weightedAmount)}`}
        onOpen={onOpen}
      />
      <Tile label="Won" total={d.won} slice="6" tone="text-success" onOpen={onOpen} />
      <Tile label="Lost" total={d.lost} slice="7" tone="text-danger" onOpen={onOpen} />
      <Tile
        label="Win rate"
        value={d.winRate === null ? '—' : `${d.winRate.toFixed(2)}%`}
        note={`won of ${d.won.count + d.lost.count} closed`}
        onOpen={onOpen}
      />
    </div>
  )
}

/** Totals by stage: count, amount, weighted amount (amount × probability / 100); a count opens its list. */
export function StageTable({
  dashboard: d,
  onStage,
  onAll,
}: {
  dashboard: OpportunityDashboard
  onStage: Open
  onAll: Open
}) {
  const count = (slice: DashboardSlice, n: number, label: string, open: Open) => (
    <button
      type="button"
      className="tabular font-medium text-link hover:underline disabled:text-muted-foreground disabled:no-underline"
      onClick={() => open(slice, n)}
      aria-label={`${n} ${label}`}
      data-testid={`stage-count-${slice}`}
    >
      {n}
    </button>
  )
  return (
    <Table aria-label="Totals by stage">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Stage</TableHead>
          <TableHead className="text-right">Count</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Weighted</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {d.stages.map((s) => (
          <TableRow key={s.stage} data-testid={`stage-row-${s.stage}`}>
            <TableCell>
              <StageBadge stage={s.stage} />
            </TableCell>
            <TableCell className="text-right">
              {count(String(s.stage) as DashboardSlice, s.count, s.name, onStage)}
            </TableCell>
            <TableCell className="tabular text-right whitespace-nowrap">{usd(s.amount)}</TableCell>
            <TableCell className="tabular text-right whitespace-nowrap">{usd(s.weightedAmount)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="border-t-2">
          <TableCell className="font-medium">All</TableCell>
          <TableCell className="text-right">{count('all', d.all.count, 'all opportunities', onAll)}</TableCell>
          <TableCell className="tabular text-right font-medium whitespace-nowrap">{usd(d.all.amount)}</TableCell>
          <TableCell className="tabular text-right font-medium whitespace-nowrap">
            {usd(d.all.weightedAmount)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  )
}
