import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Input } from '../../components/ui/input'
import { cn } from '../../lib/cn'
import { fetchUserOptions } from './contact-lists-api'

/** Async select of users, 50 per page with "Load more" (SPEC.md section 9), filtered as the user types. */
export function UserSelect({
  value,
  onChange,
  locked,
  label = 'User',
}: {
  value: string | null
  onChange: (id: string) => void
  locked?: { id: string; name: string }
  label?: string
}) {
  const [search, setSearch] = useState('')
  const users = useInfiniteQuery({
    queryKey: ['user-options', search],
    queryFn: ({ pageParam }) => fetchUserOptions(search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length : undefined),
    enabled: !locked,
  })
  if (locked) return <p className="rounded-md border bg-subtle px-3 py-2 text-sm">{locked.name}</p>
  const options = users.data?.pages.flatMap((p) => p.options) ?? []
  return (
    <div className="flex flex-col gap-2">
      <Input
        placeholder={`Search ${label.toLowerCase()}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={`Search ${label}`}
      />
      <ul role="listbox" aria-label={label} className="max-h-64 overflow-auto rounded-md border">
        {options.map((o) => (
          <li key={o.value} role="option" aria-selected={o.value === value}>
            <button
              type="button"
              onClick={() => onChange(o.value)}
              className={cn(
                'w-full px-3 py-1.5 text-left text-sm hover:bg-muted',
                o.value === value && 'bg-accent font-medium',
              )}
            >
              {o.label}
            </button>
          </li>
        ))}
        {options.length === 0 && !users.isFetching && (
          <li className="px-3 py-2 text-sm text-muted-foreground">No records found</li>
        )}
      </ul>
      {users.hasNextPage && (
        <button
          type="button"
          className="self-start text-xs text-link hover:underline"
          onClick={() => void users.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </div>
  )
}
