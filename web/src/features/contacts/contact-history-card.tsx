import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { History, RotateCw } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateTime } from '../../lib/format-date'
import { contactHistoryQueryOptions } from './contacts-api'

/**
 * Who changed what and when, newest first. Loaded beside the contact (prefetched by the route) but on its
 * own: a failing history must not hide the contact.
 */
export function ContactHistoryCard({ contactId }: { contactId: string }) {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(contactHistoryQueryOptions(contactId))

  return (
    <Card className="flex min-h-0 flex-col">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-3.5 text-muted-foreground" /> History
        </CardTitle>
        {data && <span className="text-xs text-muted-foreground tabular">{data.length}</span>}
      </CardHeader>
      {isPending ? (
        <ul className="flex flex-col gap-4 px-4 py-4" aria-busy>
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-1.5">
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-2.5 w-1/2" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-muted-foreground">
          <p>History could not be loaded.</p>
          <Button size="sm" onClick={() => void refetch()} disabled={isRefetching}>
            <RotateCw className={isRefetching ? 'animate-spin' : undefined} /> Try again
          </Button>
        </div>
      ) : data.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted-foreground">No history yet.</p>
      ) : (
        <ol className="relative min-h-0 overflow-y-auto px-4 py-3">
          {data.map((entry, i) => (
            <li key={entry.position} className="relative flex gap-3 pb-4 last:pb-1">
              {i < data.length - 1 && (
                <span aria-hidden className="absolute top-3 bottom-0 left-[3.5px] w-px bg-border" />
              )}
              <span
                aria-hidden
                className="relative mt-1.5 size-2 shrink-0 rounded-full bg-ring/70 ring-3 ring-surface"
              />
              <div className="min-w-0">
                <p className="text-foreground">{entry.summary}</p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground/75">{entry.userName ?? 'System'}</span>
                  <span className="mx-1.5">·</span>
                  <time dateTime={entry.occurredAt} className="tabular">
                    {formatDateTime(entry.occurredAt)}
                  </time>
                </p>
                <Link
                  to="."
                  search={((prev: Record<string, unknown>) => ({ ...prev, asOf: entry.occurredAt })) as never}
                  className="mt-0.5 inline-flex min-h-11 items-center text-xs text-link hover:underline sm:min-h-0"
                >
                  View as of this change
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
