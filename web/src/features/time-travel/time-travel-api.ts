import { queryOptions } from '@tanstack/react-query'
import type { ContactAsOf, ContactDiff } from '@crm/contracts'
import { api } from '../../lib/api'

const contactPath = (id: string) => `/contacts/${encodeURIComponent(id)}`

/** The contact as its events stood at `asOf` (GET /contacts/{id}?asOf=…). */
export const contactAsOfQuery = (contactId: string, asOf: string) =>
  queryOptions({
    queryKey: ['time-travel', contactId, 'as-of', asOf],
    queryFn: ({ signal }) =>
      api.get<ContactAsOf>(`${contactPath(contactId)}?asOf=${encodeURIComponent(asOf)}`, { signal, quiet: true }),
    // The past does not change.
    staleTime: Infinity,
  })

/** What changed between `from` and now, and who changed it (GET /contacts/{id}/diff). */
export const contactDiffQuery = (contactId: string, from: string) =>
  queryOptions({
    queryKey: ['time-travel', contactId, 'diff', from],
    queryFn: ({ signal }) =>
      api.get<ContactDiff>(`${contactPath(contactId)}/diff?from=${encodeURIComponent(from)}`, { signal, quiet: true }),
    meta: { live: true },
  })

/** `<input type="datetime-local">` speaks local wall time without a zone; the API speaks instants. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
export const fromLocalInput = (value: string): string | null => {
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
