import type { HttpAnswer } from './http-client'

/**
 * A small closed-loop loader: `workers` loops, each sending its next request when the previous answer has
 * arrived (with a client of as many connections, each loop keeps one busy). Written here rather than taken
 * from a package because the project has no load tool.
 */
export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  perSecond: number
  latenciesMs: number[]
}

/** Runs `send` in `workers` closed loops for `seconds`; a non-2xx answer or a thrown error counts as an error. */
export async function closedLoop(
  workers: number,
  seconds: number,
  send: (worker: number, i: number) => Promise<HttpAnswer>,
): Promise<LoadResult> {
  const latenciesMs: number[] = []
  let errors = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now()
        try {
          const answer = await send(w, i)
          if (answer.status >= 300) errors++
          else latenciesMs.push(performance.now() - t)
        } catch {
          errors++
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  return {
    requests: latenciesMs.length,
    errors,
    seconds: elapsed,
    perSecond: latenciesMs.length / elapsed,
    latenciesMs,
  }
}
