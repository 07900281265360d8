/**
 * The timeline's keyset cursor: the last item's occurred_at (PostgreSQL's own text form, so microseconds
 * survive the round trip) and its id, which breaks ties between activities logged at the same instant.
 * Opaque to clients (base64url), so its shape can change without breaking them.
 */
export type TimelineCursor = { occurredAt: string; id: string }

export function encodeCursor(cursor: TimelineCursor): string {
  return Buffer.from(JSON.stringify([cursor.occurredAt, cursor.id])).toString('base64url')
}

/**
 * timestamptz as PostgreSQL writes it (DateStyle ISO): `2026-03-01 14:05:09.123456+00`, the offset possibly with
 * minutes and seconds. Only this form is taken back: PostgreSQL would refuse much of what Date.parse reads.
 */
const POSTGRES_TIME = /^(\d{4,6})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/

/** The form above, naming a day and a time that exist (no February 30th, no hour 25). */
function isPostgresTime(text: string): boolean {
  const parts = POSTGRES_TIME.exec(text)
  if (!parts) return false
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second
  )
}

/** An activity id as the read model keeps it (text): no control characters, which PostgreSQL may refuse (NUL). */
const ACTIVITY_ID = /^[^\u0000-\u001f\u007f]{1,100}$/

/** undefined for anything that is not a cursor this API issued (the route answers 400). */
export function decodeCursor(text: string): TimelineCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2) return undefined
    const [occurredAt, id] = value as unknown[]
    if (typeof occurredAt !== 'string' || typeof id !== 'string') return undefined
    if (!isPostgresTime(occurredAt) || !ACTIVITY_ID.test(id)) return undefined
    return { occurredAt, id }
  } catch {
    return undefined
  }
}
