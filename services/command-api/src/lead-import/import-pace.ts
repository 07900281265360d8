import { waitForPosition } from '@crm/platform'
import type { Kysely } from 'kysely'

/** Bounds of a chunk: rows per step, the most and fewest rows a chunk may hold, and its time budget. */
export const CHUNK = { step: 250, min: 50, max: 5000, first: 250, targetMs: 1000 }
/** Longest a worker waits for the read side before it carries on anyway. */
const VISIBLE_WAIT_MS = 60_000

/**
 * Keeps an import at most one chunk ahead of what the import window shows (lead_imports, which the projector
 * moves after each chunk's contacts), and sizes chunks so that the window moves every second or so, whatever
 * the rows cost to write and to project: a chunk that showed late halves the next, one that showed early
 * lets the next grow by half. Writing chunk k while the projector applies chunk k-1 keeps both busy.
 */
export function importPace(db: Kysely<unknown>) {
  const pending: string[] = []
  let limit = CHUNK.first
  let lastShownAt = Date.now()
  return {
    /** A chunk was committed at this position. */
    committed(position: string): void {
      pending.push(position)
    },
    /** Waits until every chunk but the last one committed is shown; answers how many rows the next may hold. */
    async next(): Promise<number> {
      while (pending.length > 1) {
        await waitForPosition(db, ['lead_imports'], pending.shift()!, VISIBLE_WAIT_MS)
        const now = Date.now()
        const gap = now - lastShownAt
        lastShownAt = now
        if (gap > CHUNK.targetMs * 1.5) limit = Math.max(CHUNK.min, Math.floor(limit / 2))
        else if (gap < CHUNK.targetMs * 0.7) limit = Math.min(CHUNK.max, Math.ceil(limit * 1.5))
      }
      return limit
    },
  }
}
