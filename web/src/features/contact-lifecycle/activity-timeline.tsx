import { ActivityType } from '@crm/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type UIEvent } from 'react'
import { Skeleton } from '../../components/ui/skeleton'
import { timelineQuery } from './timeline-api'
import { TimelineFilter } from './timeline-filter'
import { typesParam } from '../../lib/timeline-format'
import { TimelineEntry } from './timeline-item'
import { useCan } from '../../lib/permissions'

/** docs/product.md 9: the next page is asked for once the list is scrolled past 80% of its height. */
const SCROLL_THRESHOLD = 0.8

/** The contact's activity timeline (docs/product.md 2): filter card, then an infinitely scrolling list. */
export function ActivityTimeline({ contactId }: { contactId: string }) {
  const directMail = useCan('direct-mail')
  // Without the direct-mail permission that type is hidden (docs/product.md 6).
  const allTypes = Object.values(ActivityType).filter((t) => directMail || t !== ActivityType.DirectMail)
  const [selected, setSelected] = useState<number[]>(allTypes)
  const types = typesParam(selected, allTypes)
  const query = useInfiniteQuery({ ...timelineQuery(contactId, types), enabled: selected.length > 0 })
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending } = query
  const items = data?.pages.flatMap((p) => p.items) ?? []
  const scroller = useRef<HTMLDivElement>(null)

  const loadMoreIfNear = (el: HTMLElement) => {
    if (!hasNextPage || isFetchingNextPage) return
    if ((el.scrollTop + el.clientHeight) / el.scrollHeight >= SCROLL_THRESHOLD) void fetchNextPage()
  }
  // A page that does not fill the box cannot be scrolled, so the next one is asked for straight away.
  useEffect(() => {
    const el = scroller.current
    if (el && el.scrollHeight <= el.clientHeight) loadMoreIfNear(el)
  })

  const empty = selected.length === 0 || (!isPending && items.length === 0)
  return (
    <div className="flex flex-col gap-2">
      <TimelineFilter types={allTypes} selected={selected} onChange={setSelected} />
      <div
        ref={scroller}
        data-testid="activity-timeline"
        className="max-h-[420px] overflow-y-auto pr-1"
        onScroll={(e: UIEvent<HTMLDivElement>) => loadMoreIfNear(e.currentTarget)}
      >
        {empty ? (
          <p className="py-4 text-center text-muted-foreground">No records found</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <TimelineEntry key={item.id} item={item} contactId={contactId} />
            ))}
          </ul>
        )}
        {(isPending || isFetchingNextPage) && !empty && <TimelineSkeleton />}
        {!empty && !isPending && !hasNextPage && (
          <p className="py-3 text-center text-xs text-muted-foreground">No more activities available!</p>
        )}
      </div>
    </div>
  )
}

function TimelineSkeleton() {
  return (
    <div className="flex flex-col gap-3 pt-3" aria-label="Loading activities">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  )
}
