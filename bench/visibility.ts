import { MIN_POSITION_HEADER } from '@crm/contracts'
import { contactBody } from './http-commands'
import { httpClient } from './http-client'
import type { RunningServices } from './services'

export interface VisibilityResult {
  /** Command response → first GET /contacts/{id} that answers 200, polling without X-Min-Position. */
  visibleAfterMs: number[]
  /** Each poll's own round trip: the resolution of the figure above. */
  pollMs: number[]
  /** GET /contacts/{id} with X-Min-Position sent right after the command response: the whole answer time. */
  minPositionGetMs: number[]
  /** The same GET of an already visible contact without the header: what X-Min-Position is compared with. */
  plainGetMs: number[]
  stale: number
}

/**
 * Read-your-writes as a client lives it. `probers` clients each create a contact and then poll the query API
 * (2 ms apart) until it is visible; then create another and ask once with X-Min-Position (the query API waits
 * for the projections); then ask again without it. Sequential per prober, so the figures measure the
 * projector's wake-up and apply path, not a backlog.
 */
/**
 * Waits until no projection the query API reports has events left to apply (GET /api/v1/health), so that the
 * visibility figures start from a caught-up projector rather than from the backlog of the load test before.
 * Returns how long that took.
 */
export async function drainBacklog(services: RunningServices, timeoutMs = 120_000): Promise<number> {
  const client = httpClient(services.queryUrl, 1, services.token)
  const started = performance.now()
  try {
    while (performance.now() - started < timeoutMs) {
      const answer = await client.request('GET', '/api/v1/health')
      const health = JSON.parse(answer.body) as { projections?: { state: string; lagEvents?: number }[] }
      const live = (health.projections ?? []).filter((p) => p.state !== 'retired')
      if (live.length > 0 && live.every((p) => (p.lagEvents ?? 0) === 0)) break
      await new Promise((r) => setTimeout(r, 100))
    }
    return performance.now() - started
  } finally {
    client.close()
  }
}

export async function measureVisibility(
  services: RunningServices,
  probers: number,
  seconds: number,
): Promise<VisibilityResult> {
  const commands = httpClient(services.commandUrl, probers, services.token)
  const queries = httpClient(services.queryUrl, probers, services.token)
  const result: VisibilityResult = { visibleAfterMs: [], pollMs: [], minPositionGetMs: [], plainGetMs: [], stale: 0 }
  const create = async (n: number) => {
    const answer = await commands.request('POST', '/api/v1/contacts', { body: contactBody(n) })
    if (answer.status !== 201) throw new Error(`create: ${answer.status} ${answer.body}`)
    return JSON.parse(answer.body) as { id: string; position: string }
  }
  const deadline = performance.now() + seconds * 1000
  try {
    await Promise.all(
      Array.from({ length: probers }, async (_, p) => {
        for (let i = 0; performance.now() < deadline; i++) {
          const n = 900_000_000 + p * 1_000_000 + i * 2
          const first = await create(n)
          const answered = performance.now()
          for (;;) {
            const t = performance.now()
            const answer = await queries.request('GET', `/api/v1/contacts/${first.id}`)
            result.pollMs.push(performance.now() - t)
            if (answer.status === 200) break
            if (answer.status !== 404) throw new Error(`get: ${answer.status} ${answer.body}`)
            // Counted, not thrown: a contact that never shows up is the worst visibility, and the run must finish.
            if (performance.now() - answered > 10_000) break
            await new Promise((r) => setTimeout(r, 2))
          }
          result.visibleAfterMs.push(performance.now() - answered)

          const second = await create(n + 1)
          let t = performance.now()
          const waited = await queries.request('GET', `/api/v1/contacts/${second.id}`, {
            headers: { [MIN_POSITION_HEADER]: second.position },
          })
          result.minPositionGetMs.push(performance.now() - t)
          if (waited.status !== 200 || waited.headers['x-read-model-stale']) result.stale++
          t = performance.now()
          await queries.request('GET', `/api/v1/contacts/${second.id}`)
          result.plainGetMs.push(performance.now() - t)
        }
      }),
    )
    return result
  } finally {
    commands.close()
    queries.close()
  }
}
