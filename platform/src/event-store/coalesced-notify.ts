/**
 * Turns many "something was committed" signals into few notifications: sends start at least `minGapMs`
 * apart, and every signal is covered by a send that starts after it, no later than `minGapMs` (or the send
 * in flight) from then. Failures are dropped: subscribers poll as a fallback.
 *
 * Why: the event store used to NOTIFY inside every append, and a NOTIFY holds a database-wide lock until its
 * transaction's commit is flushed, so appends committed one at a time. A NOTIFY sent after the commit, in a
 * transaction of its own that writes nothing (so flushes nothing), holds that lock only for an instant. Each
 * is still a round trip and a transaction on a pooled connection: under load, sending one per append group
 * cost about 15% of append throughput (bench, 8 writers), so they are spaced out; a few milliseconds is far
 * below what a reader of the change feed can notice.
 */
export function coalescedNotify(send: () => Promise<unknown>, minGapMs = 0): () => void {
  let inFlight = false
  let pending = false
  let lastStart = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined

  const flush = async () => {
    timer = undefined
    inFlight = true
    pending = false
    lastStart = performance.now()
    await send().catch(() => undefined)
    inFlight = false
    if (pending) schedule()
  }
  const schedule = () => {
    if (inFlight || timer) return
    const wait = lastStart + minGapMs - performance.now()
    if (wait <= 0) void flush()
    else timer = setTimeout(() => void flush(), wait)
  }
  return () => {
    pending = true
    schedule()
  }
}
