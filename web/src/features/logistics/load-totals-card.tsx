import { useQuery } from '@tanstack/react-query'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { loadTotalsQueryOptions } from './logistics-api'
import { monthName, usd } from './money'

/** Load pay of the customer: in total and per month of pick-up. */
export function LoadTotalsCard({ contactId }: { contactId: string }) {
  const { data, isError } = useQuery(loadTotalsQueryOptions(contactId))
  return (
    <Card aria-label="Load pay totals">
      <CardHeader>
        <CardTitle>Load pay</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isError && <p className="text-danger">The totals could not be loaded.</p>}
        {!data && !isError && <Skeleton className="h-6 w-32" />}
        {data && (
          <>
            <div>
              <p className="text-2xl font-semibold tabular" data-testid="load-pay-total">
                {usd(data.total)}
              </p>
              <p className="text-muted-foreground">
                {data.count} load{data.count === 1 ? '' : 's'} in total
              </p>
            </div>
            {data.months.length === 0 ? (
              <p className="text-muted-foreground">No records found</p>
            ) : (
              <ul className="flex flex-col divide-y" aria-label="Load pay per month">
                {data.months.map((m) => (
                  <li key={m.month} className="flex items-baseline justify-between gap-3 py-1.5">
                    <span>
                      {monthName(m.month)} <span className="text-muted-foreground">· {m.count}</span>
                    </span>
                    <span className="font-medium tabular">{usd(m.total)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
