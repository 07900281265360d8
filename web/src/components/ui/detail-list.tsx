import type { ReactNode } from 'react'
import { Empty } from './empty-value'

/** Label/value pairs of a details card; missing values show a quiet dash. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">
            {value === null || value === undefined || value === '' ? <Empty /> : value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
