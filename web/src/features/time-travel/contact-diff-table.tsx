import { useQuery } from '@tanstack/react-query'
import { formatDateTime } from '../../lib/format-date'
import { contactDiffQuery } from './time-travel-api'

/** Then against now: each field that differs, its two values, and who changed it in between. */
export function ContactDiffTable({ contactId, from }: { contactId: string; from: string }) {
  const { data, isPending, isError } = useQuery(contactDiffQuery(contactId, from))
  return (
    <section aria-label="Changes since then">
      <h3 className="mb-2 font-medium">Changes since then</h3>
      {isPending ? (
        <p className="text-muted-foreground" aria-busy>
          Loading…
        </p>
      ) : isError ? (
        <p className="text-muted-foreground">The changes could not be loaded.</p>
      ) : data.changes.length === 0 ? (
        <p className="text-muted-foreground">No records found</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border sm:table sm:w-full">
          <li className="hidden text-xs text-muted-foreground sm:table-row">
            <span className="px-3 py-1.5 sm:table-cell">Field</span>
            <span className="px-3 py-1.5 sm:table-cell">Then</span>
            <span className="px-3 py-1.5 sm:table-cell">Now</span>
            <span className="px-3 py-1.5 sm:table-cell">Changed by</span>
          </li>
          {data.changes.map((c) => (
            <li key={c.field} className="flex flex-col gap-0.5 px-3 py-2 sm:table-row">
              <span className="font-medium sm:table-cell sm:px-3 sm:py-2">{c.label}</span>
              <span className="sm:table-cell sm:px-3 sm:py-2">
                <span className="text-xs text-muted-foreground sm:hidden">Then: </span>
                <del className="text-danger">{c.before ?? '—'}</del>
              </span>
              <span className="sm:table-cell sm:px-3 sm:py-2">
                <span className="text-xs text-muted-foreground sm:hidden">Now: </span>
                <ins className="text-success no-underline">{c.after ?? '—'}</ins>
              </span>
              <span className="text-xs text-muted-foreground sm:table-cell sm:px-3 sm:py-2">
                {c.changedBy.length === 0
                  ? '—'
                  : c.changedBy.map((b) => `${b.userName ?? 'System'}, ${formatDateTime(b.occurredAt)}`).join('; ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
