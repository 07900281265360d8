/**
 * A fixed-window counter in memory, enough to slow password guessing on one instance. Several instances
 * each count on their own (a shared store would be the next step if that matters).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    /** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
    hit(key: string, now = Date.now()): number {
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
      let window = windows.get(key)
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs }
        windows.set(key, window)
      }
      window.count++
      return window.count > limit ? Math.ceil((window.resetAt - now) / 1000) : 0
    },
    reset(key: string): void {
      windows.delete(key)
    },
  }
}
