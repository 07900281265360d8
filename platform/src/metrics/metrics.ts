import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's one registry (docs/operations.md "Metrics and alerts"): each service process answers GET /metrics
 * from it, and the standalone process, which runs all three services, from this one registry for all. Families
 * are module-level so the code that counts (the event store, the mailer, the job queue...) needs no wiring; what
 * is read from somewhere at scrape time (projection lag, jobs, the database pool) comes from sources that
 * register themselves while they live.
 */
export const metricsRegistry = new Registry()

// Resident memory, heap, GC and event-loop delay (nodejs_eventloop_lag_seconds, ..._p99_seconds).
collectDefaultMetrics({ register: metricsRegistry })

const registers = [metricsRegistry]

export const httpRequests = new Counter({
  name: 'crm_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern (never the raw URL) and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
})

export const httpRequestDuration = new Histogram({
  name: 'crm_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
})

export const eventsAppended = new Counter({
  name: 'crm_events_appended_total',
  help: 'Events appended to the event store by this process (a repeated command appends none).',
  registers,
})

export const leadImportRows = new Counter({
  name: 'crm_lead_import_rows_total',
  help: 'Rows of lead import files worked through (rate() gives rows per second).',
  registers,
})

export const mailMessages = new Counter({
  name: 'crm_mail_messages_total',
  help: 'Mail by outcome: sent (the SMTP server took it), failed (a send it refused or could not take), suppressed (an unsubscribed address, not sent).',
  labelNames: ['outcome'] as const,
  registers,
})
for (const outcome of ['sent', 'failed', 'suppressed']) mailMessages.inc({ outcome }, 0)

export const ringCentralCalls = new Counter({
  name: 'crm_ringcentral_calls_total',
  help: 'Calls to the RingCentral API.',
  registers,
})

export const ringCentralErrors = new Counter({
  name: 'crm_ringcentral_errors_total',
  help: 'Calls to the RingCentral API that failed, by HTTP status (none: no answer).',
  labelNames: ['status'] as const,
  registers,
})

export const jobFailures = new Counter({
  name: 'crm_job_failures_total',
  help: 'Jobs whose handler failed in this process, by queue.',
  labelNames: ['queue'] as const,
  registers,
})

/** A source read at scrape time; `add` returns the function that removes it again (on close). */
class Sources<T> {
  private readonly all = new Set<() => Promise<T[]>>()
  add(source: () => Promise<T[]>): () => void {
    this.all.add(source)
    return () => void this.all.delete(source)
  }
  async read(): Promise<T[]> {
    const results = await Promise.all([...this.all].map((s) => s().catch(() => [] as T[])))
    return results.flat()
  }
}

export interface ProjectionLag {
  readModel: string
  /** Events still to apply; absent where the store cannot count them (KurrentDB). */
  events?: number
  /** Age of the oldest event not applied yet; 0 when caught up. */
  seconds: number
}
const lagSources = new Sources<ProjectionLag>()
/** Registers what the projector knows of its read models' lag (projector/runtime/start-projector.ts). */
export const addProjectionLagSource = (source: () => Promise<ProjectionLag[]>) => lagSources.add(source)

let lagReading: Promise<ProjectionLag[]> | undefined
// Both lag gauges are collected in one scrape: the first to collect reads, the other shares the reading.
const readLag = () => {
  lagReading ??= lagSources.read().finally(() => setTimeout(() => (lagReading = undefined), 0))
  return lagReading
}

new Gauge({
  name: 'crm_projection_lag_events',
  help: 'Events the read model has still to apply behind the head of the event store.',
  labelNames: ['read_model'] as const,
  registers,
  async collect() {
    this.reset()
    for (const lag of await readLag()) if (lag.events !== undefined) this.set({ read_model: lag.readModel }, lag.events)
  },
})

new Gauge({
  name: 'crm_projection_lag_seconds',
  help: 'Age of the oldest event the read model has not applied yet (0 when caught up).',
  labelNames: ['read_model'] as const,
  registers,
  async collect() {
    this.reset()
    for (const lag of await readLag()) this.set({ read_model: lag.readModel }, lag.seconds)
  },
})

export interface JobCount {
  queue: string
  state: 'waiting' | 'delayed' | 'active' | 'failed'
  count: number
}
const jobSources = new Sources<JobCount>()
/** Registers a job queue's counts (jobs/create-job-queue.ts). */
export const addJobCountSource = (source: () => Promise<JobCount[]>) => jobSources.add(source)

new Gauge({
  name: 'crm_jobs',
  help: 'Jobs by queue and state: waiting and delayed are the queue depth, active the running ones, failed those kept after failing.',
  labelNames: ['queue', 'state'] as const,
  registers,
  async collect() {
    this.reset()
    for (const { queue, state, count } of await jobSources.read()) this.inc({ queue, state }, count)
  },
})

export interface PoolCount {
  inUse: number
  idle: number
  waiting: number
}
const poolSources = new Sources<PoolCount>()
/** Registers a database pool (db/database.ts). */
export const addPoolSource = (source: () => PoolCount) => poolSources.add(async () => [source()])

new Gauge({
  name: 'crm_db_pool_connections',
  help: 'Database pool connections: in_use (checked out), idle, and waiting (requests queued for one).',
  labelNames: ['state'] as const,
  registers,
  async collect() {
    const pools = await poolSources.read()
    const sum = (key: keyof PoolCount) => pools.reduce((n, p) => n + p[key], 0)
    this.set({ state: 'in_use' }, sum('inUse'))
    this.set({ state: 'idle' }, sum('idle'))
    this.set({ state: 'waiting' }, sum('waiting'))
  },
})
