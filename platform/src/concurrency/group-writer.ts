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
}

/**
 * Group commit (docs/decisions/009), for any write many callers make at once: event-store appends, the
 * projector's commits. Items that arrive while a slot is free go at the end of the current event-loop turn
 * (setImmediate, not a timer, so a quiet system pays nothing), together with whatever else arrived in that
 * turn: callers come in bursts (the projector's loops resume from one shared read, the callers of one append
 * group resume together), and starting at once let the first of a burst take the slot alone, with the rest a
 * second transaction behind it. Items that arrive while every slot is busy queue up and go together as the
 * next group, one round trip and one commit for all of them, the way PostgreSQL itself groups WAL flushes.
 * Each caller still gets its own outcome, so callers cannot tell a grouped write from a lone one; a failed
 * group fails each of its callers.
 */
export function createGroupWriter<In, Out>({
  write,
  maxInFlight,
  maxGroup,
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
      if (!pumpScheduled) {
        pumpScheduled = true
        setImmediate(() => {
          pumpScheduled = false
          pump()
        })
      }
    })
}
