import type { StoredEvent, SubscribeOptions, Subscription } from './event-store'
import type { Position } from './position'

/**
 * Reads batches in global order until caught up, then sleeps until a wake-up (LISTEN/NOTIFY or the
 * adapter's own signal) or the poll interval, whichever comes first. Polling covers lost notifications.
 */
export function pollingSubscription(
  options: SubscribeOptions & {
    readAll(args: { after: Position; limit: number; types?: readonly string[] }): Promise<StoredEvent[]>
    pollIntervalMs: number
    listen(wake: () => void): Promise<() => Promise<void>>
  },
): Subscription {
  let closed = false
  let after = options.after
  let wake: () => void = () => undefined
  let pendingWake = false
  const unlisten = options
    .listen(() => {
      pendingWake = true
      wake()
    })
    .catch((error) => {
      options.onError?.(error)
      return async () => undefined
    })

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (pendingWake || closed) return resolve()
      const timer = setTimeout(resolve, options.pollIntervalMs)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  const loop = async () => {
    await unlisten
    while (!closed) {
      pendingWake = false
      try {
        const batch = await options.readAll({ after, limit: options.batchSize ?? 500, types: options.types })
        if (closed) break
        if (batch.length > 0) {
          await options.onEvents(batch)
          after = batch[batch.length - 1]!.position
          continue
        }
      } catch (error) {
        if (closed) break
        options.onError?.(error)
      }
      await sleep()
    }
  }
  const done = loop()

  return {
    async close() {
      closed = true
      wake()
      await done
      await (
        await unlisten
      )()
    },
  }
}
