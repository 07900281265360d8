import { createSigner } from 'fast-jwt'
import { sql, type Kysely } from 'kysely'
import { randomBytes, randomUUID } from 'node:crypto'
import { httpClient } from '../http-client'
import { freePort, startServices } from '../services'
import { serverNodeOptions } from '../server-node-options'
import { startStandaloneProcess } from '../standalone-process'
import type { FloorPerson } from './floor-people'
import type { FloorTarget } from './floor-run'

/** A running topology: where the floor sends requests, and each process's GET /metrics. */
export interface Topology extends FloorTarget {
  name: string
  metrics: { process: string; url: string }[]
  metricsToken: string
  stop(): Promise<void>
}

const METRICS_TOKEN = randomBytes(24).toString('base64url')

/**
 * The three processes as compose starts them (command-api, query-api, projector), with Redis for the jobs
 * (a JOBS_PREFIX of the run's own, so nothing of another run's queue is picked up); the projector serves
 * GET /metrics on a port of its own.
 */
export async function startThreeProcesses(schemaUrl: string, redisUrl: string): Promise<Topology> {
  const projectorPort = await freePort()
  const services = await startServices(schemaUrl, {
    env: {
      REDIS_URL: redisUrl,
      JOBS_PREFIX: `bench-floor-${randomUUID().slice(0, 8)}`,
      METRICS_TOKEN,
      // The heap cap each service runs with in compose (Dockerfile) and the standalone process with `npm start`.
      NODE_OPTIONS: serverNodeOptions,
    },
    projectorPort,
  })
  return {
    name: 'three processes (command-api, query-api, projector) with Redis',
    commandUrl: services.commandUrl,
    queryUrl: services.queryUrl,
    tokenFor: (p) => services.tokenFor(p),
    metrics: [
      { process: 'command-api', url: services.commandUrl },
      { process: 'query-api', url: services.queryUrl },
      { process: 'projector', url: `http://127.0.0.1:${projectorPort}` },
    ],
    metricsToken: METRICS_TOKEN,
    stop: () => services.stop(),
  }
}

/**
 * The standalone process (the three services in one, as `npm start` runs them, heap cap included) over the run's
 * PostgreSQL schema instead of its embedded default; no demo data. Its secrets come from here, so the tokens the
 * floor uses are signed with the server's own JWT secret.
 */
export async function startStandaloneOverPostgres(schemaUrl: string, db: Kysely<unknown>): Promise<Topology> {
  const jwtSecret = randomBytes(24).toString('base64url')
  const { base, stop } = await startStandaloneProcess({
    DATABASE_URL: schemaUrl,
    JWT_SECRET: jwtSecret,
    SSO_SECRET: randomBytes(24).toString('base64url'),
    CREDIT_DATA_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN,
    SEED_DEMO: 'false',
  })
  const sign = createSigner({ key: jwtSecret, algorithm: 'HS256', expiresIn: 8 * 3_600_000 })
  return {
    name: 'standalone process over PostgreSQL',
    commandUrl: base,
    queryUrl: base,
    tokenFor: async (p: FloorPerson) => {
      const sid = randomUUID()
      await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
        values (${sid}::uuid, ${p.userId}::uuid, ${sid}, now() + interval '8 hours')`.execute(db)
      return sign({ sub: p.userId, sid, divisionId: p.divisionId, permissions: p.permissions })
    },
    metrics: [{ process: 'standalone', url: base }],
    metricsToken: METRICS_TOKEN,
    stop,
  }
}

export interface MetricsSample {
  atSeconds: number
  /** Resident memory of each process, MB. */
  rssMb: Record<string, number>
  /** The largest crm_projection_lag_seconds of any read model, as the processes report it. */
  lagSeconds: number
  /** Each process's event-loop delay p99 (nodejs_eventloop_lag_p99_seconds), ms. */
  loopDelayP99Ms: Record<string, number>
  /** Each process's own request-time histogram, writes and reads apart (cumulative since it started). */
  served: Record<string, { writes: Buckets; reads: Buckets }>
}

/** A histogram's cumulative counts by upper bound (seconds), +Inf last. */
export type Buckets = Map<number, number>

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** crm_http_request_duration_seconds summed over routes and statuses, writes and reads apart. */
function servedBuckets(body: string): { writes: Buckets; reads: Buckets } {
  const writes: Buckets = new Map()
  const reads: Buckets = new Map()
  const line = /^crm_http_request_duration_seconds_bucket\{([^}]*)\} (\S+)$/gm
  for (const [, labels, count] of body.matchAll(line)) {
    // The sampler's own GET /metrics is not a person's request.
    if (labels!.includes('route="/metrics"')) continue
    const method = /method="([A-Z]+)"/.exec(labels!)?.[1] ?? ''
    const le = /le="([^"]+)"/.exec(labels!)?.[1] ?? '+Inf'
    const bound = le === '+Inf' ? Infinity : Number(le)
    const into = WRITE_METHODS.has(method) ? writes : reads
    into.set(bound, (into.get(bound) ?? 0) + Number(count))
  }
  return { writes, reads }
}

/**
 * A quantile of the requests between two cumulative histograms (the run's own, start and end subtracted),
 * interpolated within its bucket as Prometheus' histogram_quantile does; ms, or NaN without requests.
 */
export function servedQuantile(start: Buckets | undefined, end: Buckets | undefined, q: number): number {
  if (!end) return Number.NaN
  const bounds = [...end.keys()].sort((a, b) => a - b)
  const counts = bounds.map((b) => (end.get(b) ?? 0) - (start?.get(b) ?? 0))
  const total = counts.at(-1) ?? 0
  if (total === 0) return Number.NaN
  const rank = q * total
  const i = counts.findIndex((c) => c >= rank)
  const upper = bounds[i]!
  const lower = i === 0 ? 0 : bounds[i - 1]!
  if (upper === Infinity) return lower * 1000
  const below = i === 0 ? 0 : counts[i - 1]!
  return (lower + ((upper - lower) * (rank - below)) / Math.max(1, counts[i]! - below)) * 1000
}

/** Reads every process's /metrics each `everySeconds` until stopped: memory and the projections' lag. */
export function sampleMetrics(topology: Topology, everySeconds = 10) {
  const samples: MetricsSample[] = []
  const clients = topology.metrics.map((m) => ({ ...m, client: httpClient(m.url, 1, topology.metricsToken) }))
  const started = performance.now()
  let stopped = false
  const sampleOnce = async () => {
    const sample: MetricsSample = {
      atSeconds: (performance.now() - started) / 1000,
      rssMb: {},
      lagSeconds: 0,
      loopDelayP99Ms: {},
      served: {},
    }
    await Promise.all(
      clients.map(async ({ process, client }) => {
        const answer = await client.request('GET', '/metrics').catch(() => undefined)
        if (!answer || answer.status !== 200) return
        const rss = /^process_resident_memory_bytes (\S+)$/m.exec(answer.body)
        if (rss) sample.rssMb[process] = Number(rss[1]) / 1024 ** 2
        for (const m of answer.body.matchAll(/^crm_projection_lag_seconds\{[^}]*\} (\S+)$/gm))
          sample.lagSeconds = Math.max(sample.lagSeconds, Number(m[1]))
        const loop = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(answer.body)
        if (loop) sample.loopDelayP99Ms[process] = Number(loop[1]) * 1000
        sample.served[process] = servedBuckets(answer.body)
      }),
    )
    samples.push(sample)
  }
  const loop = (async () => {
    while (!stopped) {
      await sampleOnce()
      for (let waited = 0; waited < everySeconds * 1000 && !stopped; waited += 250)
        await new Promise((r) => setTimeout(r, 250))
    }
  })()
  return {
    samples,
    async stop() {
      if (stopped) return
      stopped = true
      await loop
      await sampleOnce()
      for (const { client } of clients) client.close()
    },
  }
}
