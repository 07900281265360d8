/**
 * Read-your-writes (docs/architecture.md "Query side"): every command answers with the position of its last event;
 * queries send the highest one back as X-Min-Position so the query API waits for its projections to catch up.
 * Positions are fixed-width strings, so plain string order is event order.
 */
export function comparePositions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function maxPosition(a: string | null, b: string | null): string | null {
  if (!a) return b || null
  if (!b) return a
  return comparePositions(a, b) >= 0 ? a : b
}

type PositionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const STORAGE_KEY = 'minPosition'

/**
 * Remembers the highest position seen. Kept in sessionStorage so that a contact opened in a new tab
 * (which copies the session) still reads its creator's writes.
 */
export function createPositionTracker(storage: PositionStorage | null) {
  let highest: string | null = storage?.getItem(STORAGE_KEY) ?? null
  return {
    remember(position: string | null | undefined): void {
      if (!position) return
      const next = maxPosition(highest, position)
      if (next === highest) return
      highest = next
      if (next) storage?.setItem(STORAGE_KEY, next)
    },
    current(): string | null {
      return highest
    },
    reset(): void {
      highest = null
      storage?.removeItem(STORAGE_KEY)
    },
  }
}

export const positions = createPositionTracker(typeof sessionStorage === 'undefined' ? null : sessionStorage)
