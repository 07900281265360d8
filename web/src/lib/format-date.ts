/** Display formats of docs/product.md section 9: MM/DD/YYYY and MM/DD/YYYY hh:mm A. */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
// The API sends UTC as 'YYYY-MM-DD HH:mm:ss' (docs/product.md section 9) as well as ISO strings with a zone.
const UTC_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? 'local'
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
    formatters.set(key, f)
  }
  return f
}

function toDate(value: string): Date | null {
  const iso = UTC_WITHOUT_ZONE.test(value) ? `${value.replace(' ', 'T')}Z` : value
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

function parts(date: Date, timeZone: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of formatter(timeZone).formatToParts(date)) out[p.type] = p.value
  return out
}

/** MM/DD/YYYY. A date-only value is a calendar date and is never shifted by time zone. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return ''
  const dateOnly = DATE_ONLY.exec(value)
  if (dateOnly) return `${dateOnly[2]}/${dateOnly[3]}/${dateOnly[1]}`
  const date = toDate(value)
  if (!date) return ''
  const p = parts(date, timeZone)
  return `${p.month}/${p.day}/${p.year}`
}

/** MM/DD/YYYY hh:mm A in the viewer's time zone (or the given one). */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return ''
  if (DATE_ONLY.test(value)) return formatDate(value)
  const date = toDate(value)
  if (!date) return ''
  const p = parts(date, timeZone)
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`
}
