import { useEffect, type ReactNode } from 'react'
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react'
import { PAGE_SIZES } from '@crm/contracts'
import { Button } from '../ui/button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select'
import { ExactCountButton, useExactCount, type CountExactly } from './exact-count'
import { pageCount } from './list-query-codec'

type PagerProps = {
  first: number
  limit: number
  total: number
  totalIsCapped: boolean
  /** The total is the database's estimate: shown as "about", with a button for the exact count. */
  totalIsEstimate?: boolean
  countExactly?: CountExactly
  shownRows: number
  onPage: (pageIndex: number) => void
  /** Without it the page size is fixed: no choice is offered. */
  onPageSize?: (limit: number) => void
  /** The page sizes offered (the list query's unless given). */
  sizes?: readonly number[]
  /** More controls beside the page size (the Columns menu). */
  extra?: ReactNode
}

const number = new Intl.NumberFormat('en-US')

export function DataTablePager(props: PagerProps) {
  const { first, limit, shownRows, onPage, onPageSize } = props
  const { counting, exactTotal, run: countExactly } = useExactCount(props.countExactly)
  const total = exactTotal ?? props.total
  const totalIsCapped = exactTotal === null && props.totalIsCapped
  const isEstimate = exactTotal === null && Boolean(props.totalIsEstimate)
  const page = Math.floor(first / limit)
  const pages = pageCount(total, limit)
  // A capped count only says "at least": the last page is unknown, so only step forward while rows keep coming.
  const hasNext = totalIsCapped ? shownRows === limit : page + 1 < pages
  const totalLabel = isEstimate ? `about ${number.format(total)}` : `${number.format(total)}${totalIsCapped ? '+' : ''}`
  // A page past the end (an old link, rows deleted meanwhile) goes to the last page instead of '501–500 of 24'.
  const pastTheEnd = !totalIsCapped && total > 0 && first >= total
  useEffect(() => {
    if (pastTheEnd) onPage(pages - 1)
  }, [pastTheEnd, pages, onPage])

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t bg-surface px-3 py-2 text-xs text-muted-foreground">
      <div className="flex items-center gap-2">
        {onPageSize && (
          <>
            <span>Rows per page</span>
            <Select value={String(limit)} onValueChange={(v) => onPageSize(Number(v))}>
              <SelectTrigger className="h-7 w-[4.5rem] text-xs" aria-label="Rows per page">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(props.sizes ?? PAGE_SIZES).map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </>
        )}
        {props.extra}
      </div>
      <div className="flex items-center gap-3">
        <span className="tabular" aria-live="polite">
          {total === 0
            ? '0 records'
            : shownRows === 0
              ? `0 of ${totalLabel}`
              : `${number.format(first + 1)}–${number.format(first + shownRows)} of ${totalLabel}`}
        </span>
        <span className="hidden tabular sm:inline">
          Page {number.format(page + 1)} of{' '}
          {isEstimate
            ? `about ${number.format(pages)}`
            : totalIsCapped
              ? `${number.format(pages)}+`
              : number.format(pages)}
        </span>
        {isEstimate && props.countExactly && <ExactCountButton counting={counting} onCount={countExactly} />}
        <div className="flex items-center gap-0.5">
          <Button variant="ghost" size="icon" aria-label="First page" disabled={page === 0} onClick={() => onPage(0)}>
            <ChevronsLeft />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous page"
            disabled={page === 0}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next page"
            disabled={!hasNext}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRight />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Last page"
            disabled={totalIsCapped || page + 1 >= pages}
            onClick={() => onPage(pages - 1)}
          >
            <ChevronsRight />
          </Button>
        </div>
      </div>
    </div>
  )
}
