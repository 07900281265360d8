import type { ReactNode } from 'react'
import { ModalFooter } from './modal/modal-layout'
import { PageStepper } from './page-stepper'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table'

/** The rows behind a number (a report's or a dashboard's drill-down), as a table, and as cards on a phone. */
export function DrillRows<R>(props: {
  rows: R[]
  keyOf: (r: R) => string
  head: string[]
  cells: (r: R) => ReactNode[]
  /** Columns aligned right (amounts, counts), by index. */
  numeric?: number[]
}) {
  const right = (i: number) => (props.numeric?.includes(i) ? 'text-right' : undefined)
  return (
    <>
      <ul aria-label="Records" className="divide-y sm:hidden">
        {props.rows.map((r) => (
          <li key={props.keyOf(r)} className="flex flex-col gap-1 py-3" data-testid="drill-row">
            {props.cells(r).map((cell, i) => (
              <div key={i} className="flex justify-between gap-3 text-sm">
                <span className="text-muted-foreground">{props.head[i]}</span>
                <span className="text-right">{cell}</span>
              </div>
            ))}
          </li>
        ))}
      </ul>
      <Table className="max-sm:hidden">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {props.head.map((h, i) => (
              <TableHead key={h} className={right(i)}>
                {h}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((r) => (
            <TableRow key={props.keyOf(r)} data-testid="drill-row">
              {props.cells(r).map((cell, i) => (
                <TableCell key={i} className={right(i)}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}

/** Previous / Next over a drill-down and where the page stands ("1–25 of 40"). */
export function DrillPager(props: { first: number; total: number; pageSize: number; onPage: (first: number) => void }) {
  const { first, total, pageSize, onPage } = props
  return (
    <ModalFooter className="justify-between text-xs text-muted-foreground">
      <PageStepper first={first} pageSize={pageSize} total={total} onPage={onPage} rangeTestId="drill-total" />
    </ModalFooter>
  )
}
