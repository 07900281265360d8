/**
 * Dates in the user's own clock (the browser's zone), as forms hold them. The server does its arithmetic in the
 * zone the client names (`timeZone`), so "today 17:00" here and there is the same instant.
 */

/** The IANA zone of this browser, sent with commands so the server's "17:00" is the user's 17:00. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

const two = (n: number) => String(n).padStart(2, '0')

/** The value of an <input type="datetime-local">: local 'YYYY-MM-DDTHH:mm'. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`
}

/** Reads a datetime-local value back as an instant; null when empty or unreadable. */
export function fromLocalInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  const date = new Date(y, mo - 1, d, h, mi)
  // 2026-02-31 rolls over in Date: treat it as unreadable rather than as March 3.
  return date.getMonth() === mo - 1 && date.getDate() === d ? date : null
}
