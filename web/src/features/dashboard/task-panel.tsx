import { TaskListFilter, taskListFilterNames, type TaskListFilterId, type TaskRow } from '@crm/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { cn } from '../../lib/cn'
import { TaskListItem, assignedTasksQuery, dashboardTasksQuery } from '../tasks'

const filters = [TaskListFilter.All, TaskListFilter.PastDue, TaskListFilter.DueNow, TaskListFilter.MeetingsOnly]

/**
 * The dashboard's task panel: All shows the 20 most urgent open tasks (tasks-for-dashboard); Past Due,
 * Due Now and Meetings Only page through assigned-tasks, "Load more" appending the next page (docs/product.md 4).
 * `owner` is the team member a manager picked; the caller's own tasks without it.
 */
export function TaskPanel({ owner }: { owner?: { userId: string; name: string } }) {
  const [filter, setFilter] = useState<TaskListFilterId>(TaskListFilter.All)
  const title = owner ? `${owner.name}'s tasks` : 'My tasks'
  const userId = owner?.userId
  return (
    <Card aria-label={title} className="flex min-h-0 min-w-0 flex-col">
      <CardHeader className="flex-wrap">
        <CardTitle>{title}</CardTitle>
        {/* Wraps on the narrowest phones rather than pushing the card (and its Complete buttons) off screen. */}
        <div
          role="tablist"
          aria-label="Task filter"
          className="flex max-w-full flex-wrap gap-0.5 rounded-md border bg-subtle p-0.5"
        >
          {filters.map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={filter === f}
              onClick={() => setFilter(f)}
              className={cn(
                'h-6 rounded px-2.5 text-xs font-medium text-muted-foreground hover:text-foreground max-sm:h-11',
                filter === f && 'bg-surface text-foreground shadow-xs ring-1 ring-border',
              )}
            >
              {taskListFilterNames[f]}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent role="tabpanel" aria-label={taskListFilterNames[filter]} className="py-1">
        {filter === TaskListFilter.All ? (
          <MostUrgent userId={userId} />
        ) : (
          <Filtered key={filter} filter={filter} userId={userId} />
        )}
      </CardContent>
    </Card>
  )
}

function MostUrgent({ userId }: { userId?: string }) {
  const tasks = useQuery(dashboardTasksQuery(userId))
  return (
    <TaskRows rows={tasks.data?.rows} pending={tasks.isPending} failed={tasks.isError}>
      {tasks.data && tasks.data.total > tasks.data.rows.length && (
        <p className="py-2 text-xs text-muted-foreground">
          The {tasks.data.rows.length} most urgent of {tasks.data.total} open tasks.
        </p>
      )}
    </TaskRows>
  )
}

function Filtered({ filter, userId }: { filter: TaskListFilterId; userId?: string }) {
  const tasks = useInfiniteQuery(assignedTasksQuery(filter, userId))
  const rows = tasks.data?.pages.flatMap((p) => p.rows)
  const total = tasks.data?.pages[0]?.total ?? 0
  return (
    <TaskRows rows={rows} pending={tasks.isPending} failed={tasks.isError}>
      {rows && rows.length > 0 && (
        <div className="flex items-center justify-between py-2 text-xs text-muted-foreground">
          <span className="tabular">
            {rows.length} of {total}
          </span>
          {tasks.hasNextPage && (
            <Button size="sm" onClick={() => void tasks.fetchNextPage()} disabled={tasks.isFetchingNextPage}>
              {tasks.isFetchingNextPage && <Loader2 className="animate-spin" />}
              Load more
            </Button>
          )}
        </div>
      )}
    </TaskRows>
  )
}

function TaskRows({
  rows,
  pending,
  failed,
  children,
}: {
  rows: TaskRow[] | undefined
  pending: boolean
  failed: boolean
  children?: React.ReactNode
}) {
  if (pending) {
    return (
      <div className="flex flex-col gap-2 py-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    )
  }
  if (failed)
    return (
      <p role="alert" className="py-3 text-danger">
        Tasks could not be loaded.
      </p>
    )
  if (!rows || rows.length === 0) return <p className="py-3 text-muted-foreground">No records found</p>
  return (
    <>
      <ul>
        {rows.map((t) => (
          <TaskListItem key={t.id} task={t} showContact />
        ))}
      </ul>
      {children}
    </>
  )
}
