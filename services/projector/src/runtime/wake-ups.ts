/**
 * Wake-ups for caught-up projection loops: the event store's NOTIFY on commit bumps a counter; a loop that
 * read nothing sleeps until the counter moves past what it saw before that read, or the poll interval ends
 * (a notification can be lost with a connection; polling covers it and stores that cannot notify).
 */
export interface WakeUps {
  /** The counter now; take it before a read, hand it to `wait` after an empty read. */
  readonly seen: number
  notify(): void
  wait(seenBeforeRead: number, timeoutMs: number, signal: AbortSignal): Promise<void>
}

export function createWakeUps(): WakeUps {
  let count = 0
  const sleepers = new Set<() => void>()
  return {
    get seen() {
      return count
    },
    notify() {
      count++
      for (const wake of sleepers) wake()
    },
    wait(seenBeforeRead, timeoutMs, signal) {
      if (count !== seenBeforeRead || signal.aborted) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          sleepers.delete(done)
          signal.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        sleepers.add(done)
        signal.addEventListener('abort', done, { once: true })
      })
    },
  }
}

/** A pause that ends early when the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
