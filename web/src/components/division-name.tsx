import { useQuery } from '@tanstack/react-query'
import { divisionsForSelectQueryOptions } from '../lib/divisions-api'

/** A division as people know it: its name (never its number), with a neutral word while the names load. */
export function useDivisionName(): (id: number | null | undefined) => string {
  const { data } = useQuery(divisionsForSelectQueryOptions())
  return (id) => (id == null ? '' : (data?.find((d) => d.id === id)?.name ?? 'Division'))
}

export function DivisionName({ id }: { id: number | null | undefined }) {
  return <>{useDivisionName()(id)}</>
}
