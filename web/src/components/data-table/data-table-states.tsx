import { AlertTriangle, Inbox, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { messages } from '@crm/contracts'
import { Button } from '../ui/button'
import { Skeleton } from '../ui/skeleton'
import { TableCell, TableRow } from '../ui/table'

type Column = { id: string; skeletonWidth?: string }

/** Placeholder rows in the real layout, so the page does not jump when data arrives. */
export function SkeletonRows({ columns, count }: { columns: Column[]; count: number }) {
  return Array.from({ length: count }, (_, row) => (
    <TableRow key={row} className="hover:bg-transparent">
      {columns.map((column, i) => (
        <TableCell key={column.id}>
          <Skeleton
            className="h-3"
            style={{ width: column.skeletonWidth ?? `${60 + ((row * 7 + i * 13) % 35)}%`, opacity: 1 - row * 0.06 }}
          />
        </TableCell>
      ))}
    </TableRow>
  ))
}

function StateRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="h-56 border-b-0 px-0 text-center whitespace-normal">
        {/* As wide as the visible part of the table and pinned to its left edge, so it stays in view. */}
        <div className="sticky left-0 flex w-[100cqw] flex-col items-center gap-2 px-4 text-muted-foreground">
          {children}
        </div>
      </TableCell>
    </TableRow>
  )
}

/** What an empty list says (docs/product.md 8: 'No records found'), in a table row or under the cards. */
export function EmptyState({ hint }: { hint?: ReactNode }) {
  return (
    <>
      <div className="grid size-9 place-items-center rounded-full bg-muted">
        <Inbox className="size-4" />
      </div>
      <p className="font-medium text-foreground">{messages.noRecords}</p>
      {hint && <p className="text-xs">{hint}</p>}
    </>
  )
}

/** A list that could not be loaded: why, and a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <div className="grid size-9 place-items-center rounded-full bg-danger-soft text-danger">
        <AlertTriangle className="size-4" />
      </div>
      <p className="font-medium text-foreground">This list could not be loaded</p>
      <p className="text-xs">{message}</p>
      <Button size="sm" className="mt-1" onClick={onRetry}>
        <RotateCw /> Try again
      </Button>
    </>
  )
}

export function EmptyRow({ colSpan, hint }: { colSpan: number; hint?: ReactNode }) {
  return (
    <StateRow colSpan={colSpan}>
      <EmptyState hint={hint} />
    </StateRow>
  )
}

export function ErrorRow({ colSpan, message, onRetry }: { colSpan: number; message: string; onRetry: () => void }) {
  return (
    <StateRow colSpan={colSpan}>
      <ErrorState message={message} onRetry={onRetry} />
    </StateRow>
  )
}
