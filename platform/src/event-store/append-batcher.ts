import type { StreamAppend, StreamAppendOutcome } from './event-store'

type Waiting = {
  append: StreamAppend
  resolve: (outcome: StreamAppendOutcome) => void
  reject: (error: unknown) => void
}

export interface AppendBatcherOptions {
  /** Writes a group of appends (one transaction in the PostgreSQL adapter), one outcome per append, in order. */
  write: (appends: StreamAppend[]) => Promise<StreamAppendOutcome[]>
  /** Groups being written at once; an append arriving while all are busy waits for the next group. */
  maxInFlight: number
  /** The largest group: its transaction holds one advisory lock per stream until it commits. */
  maxGroup: number
}

/**
 * Group commit for appends (docs/decisions/009). An append arriving while fewer than `maxInFlight` groups
 * are being written goes at once, alone: no timer, so a quiet system pays nothing. Appends that arrive while
 * every slot is busy queue up and go together as the next group, one transaction and one commit for all of
 * them, the way PostgreSQL itself groups WAL flushes. Each caller still gets its own outcome (a stale
 * expected version fails that append only), so callers cannot tell a grouped append from a lone one.
 */
export function createAppendBatcher({ write, maxInFlight, maxGroup }: AppendBatcherOptions) {
  const queue: Waiting[] = []
  let inFlight = 0

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const group = queue.splice(0, maxGroup)
      inFlight++
      // The slot is handed to the next group before the callers hear back: nothing waits on their code.
      const settle = (answer: () => void) => {
        inFlight--
        pump()
        answer()
      }
      write(group.map((w) => w.append)).then(
        (outcomes) => settle(() => group.forEach((w, i) => w.resolve(outcomes[i]!))),
        (error: unknown) => settle(() => group.forEach((w) => w.reject(error))),
      )
    }
  }

  return (append: StreamAppend): Promise<StreamAppendOutcome> =>
    new Promise((resolve, reject) => {
      queue.push({ append, resolve, reject })
      pump()
    })
}
