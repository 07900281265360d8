import { useLocation, useNavigate } from '@tanstack/react-router'

/** The moment the contact page shows (`?asOf=` in its URL), or null for now; and how to move it. */
export function useAsOf(): [string | null, (asOf: string | null) => void] {
  const search = useLocation({ select: (l) => l.search }) as { asOf?: unknown }
  const navigate = useNavigate()
  const asOf = typeof search.asOf === 'string' && !Number.isNaN(Date.parse(search.asOf)) ? search.asOf : null
  const setAsOf = (next: string | null) =>
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => {
        const { asOf: _, ...rest } = prev
        return next ? { ...rest, asOf: next } : rest
      }) as never,
    })
  return [asOf, setAsOf]
}
