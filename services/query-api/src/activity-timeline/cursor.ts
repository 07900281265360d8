/**
 * The timeline's keyset cursor: the last item's occurred_at (PostgreSQL's own text form, so microseconds
 * survive the round trip) and its id, which breaks ties between activities logged at the same instant.
 * Opaque to clients (base64url), so its shape can change without breaking them.
 */
export type TimelineCursor = { occurredAt: string; id: string }

export function encodeCursor(cursor: TimelineCursor): string {
  return Buffer.from(JSON.stringify([cursor.occurredAt, cursor.id])).toString('base64url')
}

/** undefined for anything that is not a cursor this API issued (the route answers 400). */
export function decodeCursor(text: string): TimelineCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2) return undefined
    const [occurredAt, id] = value as unknown[]
    if (typeof occurredAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(occurredAt)))
      return undefined
    return { occurredAt, id }
  } catch {
    return undefined
  }
}
