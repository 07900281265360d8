import { useQuery } from '@tanstack/react-query'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'

/** A division picked by its name; the filter keeps the division's id (saved presets too). */
export function DivisionFilterField(props: {
  id: string
  value: string
  set: (value: string) => void
  disabled: boolean
  invalid: boolean
}) {
  const { data: divisions } = useQuery(divisionsForSelectQueryOptions())
  return (
    <select
      id={props.id}
      value={props.value}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      className="h-8 rounded-md border bg-surface px-2 text-sm disabled:opacity-50"
      onChange={(e) => props.set(e.target.value)}
    >
      <option value="">Any</option>
      {(divisions ?? []).map((d) => (
        <option key={d.id} value={String(d.id)}>
          {d.name}
        </option>
      ))}
    </select>
  )
}
