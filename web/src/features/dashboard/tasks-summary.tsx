import type { TasksSummary } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '../../components/ui/skeleton'
import { tasksSummaryQuery } from '../tasks'
import { bucketParts, summaryDays, type SummaryBucket } from './summary-days'

const tiles: { key: keyof TasksSummary; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: 'tomorrow', label: 'Tomorrow' },
  { key: 'sevenDays', label: 'Next 7 days' },
]

const legend = [
  { part: 'completed', label: 'Completed', className: 'bg-success', always: true },
  { part: 'onSchedule', label: 'On schedule', className: 'bg-ring', always: true },
  { part: 'pastDue', label: 'Past due', className: 'bg-danger', always: true },
  // Most reps never have one: named only when there is.
  { part: 'contactClosed', label: 'Contact closed', className: 'bg-muted-foreground/45', always: false },
] as const

/**
 * Tasks due today, tomorrow and in the next seven days: a number to read and a bar to glance at. A manager
 * may look at a team member's (`userId`); the caller's by default.
 */
export function TasksSummaryTiles({ userId }: { userId?: string }) {
  const summary = useQuery(tasksSummaryQuery({ ...summaryDays(new Date()), userId }))
  return (
    <section aria-label="Tasks summary" className="grid gap-3 sm:grid-cols-3">
      {tiles.map(({ key, label }) => (
        <div key={key} className="rounded-lg border bg-surface px-4 py-3 shadow-xs" aria-label={`${label} tasks`}>
          <p className="text-xs font-medium text-muted-foreground">{label}</p>
          {summary.data ? (
            <Tile bucket={summary.data[key]} />
          ) : summary.isError ? (
            <p className="mt-2 text-xs text-danger">Not available</p>
          ) : (
            <>
              <Skeleton className="mt-2 h-7 w-12" />
              <Skeleton className="mt-2 h-1.5" />
            </>
          )}
        </div>
      ))}
    </section>
  )
}

function Tile({ bucket }: { bucket: SummaryBucket }) {
  const parts = bucketParts(bucket)
  return (
    <>
      <div className="mt-1 flex items-baseline gap-2">
        <span className="text-2xl font-semibold tracking-tight tabular">{bucket.total}</span>
        <span className="text-xs text-muted-foreground">
          {bucket.total === 1 ? 'task' : 'tasks'}
          {bucket.pastDue > 0 && <span className="ml-1.5 font-medium text-danger">{bucket.pastDue} past due</span>}
        </span>
      </div>
      <div className="mt-2 flex h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        {legend.map(({ part, className }) =>
          parts[part] > 0 ? <div key={part} className={className} style={{ flexGrow: parts[part] }} /> : null,
        )}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-muted-foreground">
        {legend
          .filter(({ part, always }) => always || parts[part] > 0)
          .map(({ part, label, className }) => (
            <li key={part} className="flex items-center gap-1">
              <span className={`size-1.5 rounded-full ${className}`} />
              {label} <span className="text-foreground tabular">{parts[part]}</span>
            </li>
          ))}
      </ul>
    </>
  )
}
