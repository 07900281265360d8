import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './button'
import { Skeleton } from './skeleton'

interface ListStatesProps<T> {
  /** The query behind the list (only what the states need). */
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }
  /** What the list holds, for the failure line: 'Comments' → 'Comments could not be loaded.' */
  what: string
  isEmpty: (data: T) => boolean
  /** docs/product.md 8: an empty table says 'No records found'. */
  emptyText?: string
  skeletonRows?: number
  children: (data: T) => ReactNode
}

/** The states of a list inside a card: placeholders while it loads, a retry when it failed, empty, or the rows. */
export function ListStates<T>({
  query,
  what,
  isEmpty,
  emptyText = 'No records found',
  skeletonRows = 2,
  children,
}: ListStatesProps<T>) {
  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2 py-2" aria-busy aria-label={`Loading ${what.toLowerCase()}`}>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    )
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex items-center justify-between gap-2 py-2 text-danger">
        <span>{what} could not be loaded.</span>
        <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
          <RotateCw /> Try again
        </Button>
      </div>
    )
  }
  if (isEmpty(query.data)) return <p className="py-2 text-center text-muted-foreground">{emptyText}</p>
  return children(query.data)
}
