/**
 * Work a feature starts outside a request (a queued job's delivery, a mail sent after the answer) that closing
 * the app waits for: `track` answers the same promise and remembers it until it settles; `settled` resolves
 * once everything tracked so far has settled, whether it worked or not.
 */
export function workUnderWay() {
  const pending = new Set<Promise<unknown>>()
  return {
    track<T>(work: Promise<T>): Promise<T> {
      pending.add(work)
      const forget = () => pending.delete(work)
      work.then(forget, forget)
      return work
    },
    async settled(): Promise<void> {
      await Promise.allSettled([...pending])
    },
  }
}
