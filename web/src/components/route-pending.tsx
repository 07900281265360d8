import { Skeleton } from './ui/skeleton'

/**
 * A screen whose data is still loading (the router shows it once a load takes longer than defaultPendingMs):
 * the page's frame in grey, announced to screen readers.
 */
export function RoutePending() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto flex max-w-[1280px] flex-col gap-4 px-6 pt-4 pb-8">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-4 w-80" />
      <div className="flex flex-col gap-2 pt-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </div>
  )
}
