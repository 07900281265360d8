type Waiting<In, Out> = {
  item: In
  resolve: (outcome: Out) => void
  reject: (error: unknown) => void
}

export interface GroupWriterOptions<In, Out> {
  /** Writes a group of items (one transaction, one statement), one outcome per item, in order. */
  write: (items: In[]) => Promise<Out[]>
  /** Groups being written at once; an item arriving while all are busy waits for the next group. */
  maxInFlight: number
  /** The largest group. */
  maxGroup: number
  /**
   * Start a group only once the current event-loop turn is over (setImmediate), so that items arriving in the
   * same turn go together even when a slot is free. For callers that arrive in bursts: the projector's loops
   * all resume from one shared read in one turn, and the callers of one append group resume together; a lone
   * first arrival would otherwise take the free slot alone, with the rest in a second transaction behind it.
   */
  gatherSameTurn?: boolean
}

/**
 * Group commit (docs/decisions/009), for any write many callers make at once: event-store appends, the
 * projector's commits. An item arriving while fewer than `maxInFlight` groups are being written goes at once
 * (or, with `gatherSameTurn`, at the end of the current event-loop turn, with whatever else arrived in it): no
 * timer, so a quiet system pays nothing. Items that arrive while every slot is busy queue
 * up and go together as the next group, one round trip and one commit for all of them, the way PostgreSQL
 * itself groups WAL flushes. Each caller still gets its own outcome, so callers cannot tell a grouped write
 * from a lone one; a failed group fails each of its callers.
 */
export function createGroupWriter<In, Out>({
  write,
  maxInFlight,
  maxGroup,
  gatherSameTurn = false,
}: GroupWriterOptions<In, Out>): (item: In) => Promise<Out> {
  const queue: Waiting<In, Out>[] = []
  let inFlight = 0
  let pumpScheduled = false

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
      write(group.map((w) => w.item)).then(
        (outcomes) => settle(() => group.forEach((w, i) => w.resolve(outcomes[i]!))),
        (error: unknown) => settle(() => group.forEach((w) => w.reject(error))),
      )
    }
  }

  return (item: In): Promise<Out> =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (!gatherSameTurn) pump()
      else if (!pumpScheduled) {
        pumpScheduled = true
        setImmediate(() => {
          pumpScheduled = false
          pump()
        })
      }
    })
}
