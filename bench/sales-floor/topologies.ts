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
}

/** Reads every process's /metrics each `everySeconds` until stopped: memory and the projections' lag. */
export function sampleMetrics(topology: Topology, everySeconds = 10) {
  const samples: MetricsSample[] = []
  const clients = topology.metrics.map((m) => ({ ...m, client: httpClient(m.url, 1, topology.metricsToken) }))
  const started = performance.now()
  let stopped = false
  const sampleOnce = async () => {
    const sample: MetricsSample = { atSeconds: (performance.now() - started) / 1000, rssMb: {}, lagSeconds: 0 }
    await Promise.all(
      clients.map(async ({ process, client }) => {
        const answer = await client.request('GET', '/metrics').catch(() => undefined)
        if (!answer || answer.status !== 200) return
        const rss = /^process_resident_memory_bytes (\S+)$/m.exec(answer.body)
        if (rss) sample.rssMb[process] = Number(rss[1]) / 1024 ** 2
        for (const m of answer.body.matchAll(/^crm_projection_lag_seconds\{[^}]*\} (\S+)$/gm))
          sample.lagSeconds = Math.max(sample.lagSeconds, Number(m[1]))
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
