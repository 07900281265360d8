/**
 * Turns many "something was committed" signals into few notifications without delaying any of them by more
 * than one notification's round trip: one is sent at once; signals that arrive while it is in flight are
 * answered by exactly one more after it. Failures are dropped: subscribers poll as a fallback.
 *
 * Why: the event store used to NOTIFY inside every append, and a NOTIFY holds a database-wide lock until its
 * transaction's commit is flushed, so appends committed one at a time. A NOTIFY sent after the commit, in a
 * transaction of its own that writes nothing (so flushes nothing), holds that lock only for an instant, and
 * under load one of them covers many appends.
 */
export function coalescedNotify(send: () => Promise<unknown>): () => void {
  let inFlight = false
  let again = false
  const flush = async () => {
    inFlight = true
    do {
      again = false
      await send().catch(() => undefined)
    } while (again)
    inFlight = false
  }
  return () => {
    if (inFlight) again = true
    else void flush()
  }
}
