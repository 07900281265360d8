import { Card, CardContent, CardHeader } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'

function CardSkeleton({ rows }: { rows: number }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-3.5 w-24" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex gap-4">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-3" style={{ width: `${40 + ((i * 17) % 40)}%` }} />
          </div>
        ))}
      </CardContent>
    </Card>
  )
}

/** The contact page's shape while it loads. */
export function ContactPagePending() {
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6" aria-busy>
      <Skeleton className="h-3 w-40" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-6 w-72" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_360px]">
        <CardSkeleton rows={8} />
        <CardSkeleton rows={5} />
        <CardSkeleton rows={4} />
      </div>
    </div>
  )
}
