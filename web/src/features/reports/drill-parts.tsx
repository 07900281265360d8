import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { DrillPager, DrillRows } from '../../components/drill-table'
import { ModalBody } from '../../components/modal/modal-layout'
import { ListStates } from '../../components/ui/list-states'
import { DRILL_PAGE } from './reports-api'

/** The pieces every drill-down modal of the reports is made of. */
export function ContactLink({ id, name }: { id: string; name: string }) {
  return (
    <Link to="/contacts/$id" params={{ id }} className="font-medium text-link hover:underline">
      {name || 'Unnamed contact'}
    </Link>
  )
}

type Page<R> = { rows: R[]; total: number }

/**
 * A drill-down modal's body: a page of records (placeholders while it loads, a retry when it failed, 'No
 * records found'), as a table or cards, and Previous / Next under it.
 */
export function PagedDrill<R, K extends readonly unknown[]>(props: {
  page: (first: number) => UseQueryOptions<Page<R>, Error, Page<R>, K>
  what: string
  keyOf: (r: R) => string
  head: string[]
  cells: (r: R) => ReactNode[]
}) {
  const [first, setFirst] = useState(0)
  const query = useQuery(props.page(first))
  return (
    <>
      <ModalBody>
        <ListStates query={query} what={props.what} isEmpty={(d) => d.rows.length === 0} skeletonRows={5}>
          {(page) => <DrillRows rows={page.rows} keyOf={props.keyOf} head={props.head} cells={props.cells} />}
        </ListStates>
      </ModalBody>
      <DrillPager first={first} total={query.data?.total ?? 0} pageSize={DRILL_PAGE} onPage={setFirst} />
    </>
  )
}
