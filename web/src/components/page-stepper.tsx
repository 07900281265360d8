import type { ReactNode } from 'react'
import { Button } from './ui/button'

/**
 * Where a server-paged list stands ("1–25 of 40", "+" when the total is only a lower bound) and Previous / Next.
 * Its container (a card's footer, a window's footer) lays the two parts out; `children` go before the buttons
 * (a page-size choice).
 */
export function PageStepper(props: {
  first: number
  pageSize: number
  total: number
  capped?: boolean
  onPage: (first: number) => void
  rangeTestId?: string
  children?: ReactNode
}) {
  const { first, pageSize, total, onPage } = props
  return (
    <>
      <span className="tabular" data-testid={props.rangeTestId}>
        {`${total === 0 ? 0 : first + 1}–${Math.min(first + pageSize, total).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${props.capped ? '+' : ''}`}
      </span>
      <span className="flex items-center gap-2">
        {props.children}
        <Button size="sm" disabled={first === 0} onClick={() => onPage(Math.max(0, first - pageSize))}>
          Previous
        </Button>
        <Button size="sm" disabled={first + pageSize >= total} onClick={() => onPage(first + pageSize)}>
          Next
        </Button>
      </span>
    </>
  )
}
