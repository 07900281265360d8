import { randomUUID } from 'node:crypto'
import { addJobCountSource, jobFailures } from '../metrics/metrics'
import { JOB_COUNT_STATES, type EnqueueOptions, type JobContext, type JobInfo, type JobQueue } from './job-queue'

type Handler = (job: JobContext<unknown>) => Promise<unknown>
interface Entry extends JobInfo {
  data: unknown
  timer?: NodeJS.Timeout
}

/** The embedded default: jobs run in this process, a few at a time per queue name. */
export function createInProcessJobQueue(): JobQueue {
  const handlers = new Map<string, { handler: Handler; concurrency: number; running: number }>()
  const jobs = new Map<string, Entry>()
  const waiting = new Map<string, string[]>()
  let closed = false
  // The jobs running now: close() lets them finish (a stop waits for the running jobs, decision 056).
  const running = new Set<Promise<unknown>>()

  const key = (name: string, id: string) => `${name}:${id}`

  function pump(name: string) {
    const registration = handlers.get(name)
    const queue = waiting.get(name)
    if (!registration || !queue || closed) return
    while (registration.running < registration.concurrency && queue.length > 0) {
      const entry = jobs.get(key(name, queue.shift()!))!
      registration.running++
      entry.state = 'active'
      const context: JobContext<unknown> = {
        id: entry.id,
        data: entry.data,
        reportProgress: async (percent) => {
          entry.progress = Math.max(0, Math.min(100, percent))
        },
      }
      const run = registration
        .handler(context)
        .then((result) => Object.assign(entry, { state: 'completed', progress: 100, result }))
        .catch((error: unknown) => {
          jobFailures.inc({ queue: name })
          Object.assign(entry, { state: 'failed', error: error instanceof Error ? error.message : String(error) })
        })
        .finally(() => {
          registration.running--
          running.delete(run)
          pump(name)
        })
      running.add(run)
    }
  }

  function makeWaiting(entry: Entry) {
    entry.state = 'waiting'
    waiting.set(entry.name, [...(waiting.get(entry.name) ?? []), entry.id])
    pump(entry.name)
  }

  const unwatch = addJobCountSource(async () => {
    const counts = new Map<string, number>()
    for (const { name, state } of jobs.values())
      counts.set(`${name}\n${state}`, (counts.get(`${name}\n${state}`) ?? 0) + 1)
    const queues = new Set([...handlers.keys(), ...[...jobs.values()].map((j) => j.name)])
    return [...queues].flatMap((queue) =>
      JOB_COUNT_STATES.map((state) => ({ queue, state, count: counts.get(`${queue}\n${state}`) ?? 0 })),
    )
  })

  return {
    kind: 'in-process',
    register(name, handler, options) {
      handlers.set(name, { handler: handler as Handler, concurrency: options?.concurrency ?? 1, running: 0 })
      pump(name)
    },
    async enqueue(name, data, options: EnqueueOptions = {}) {
      const id = options.jobId ?? randomUUID()
      const existing = jobs.get(key(name, id))
      if (existing && existing.state !== 'completed' && existing.state !== 'failed') return id
      const entry: Entry = { id, name, state: 'delayed', progress: 0, data }
      jobs.set(key(name, id), entry)
      if (options.delayMs && options.delayMs > 0) {
        entry.timer = setTimeout(() => makeWaiting(entry), options.delayMs)
      } else {
        makeWaiting(entry)
      }
      return id
    },
    async getJob(name, id) {
      const entry = jobs.get(key(name, id))
      if (!entry) return undefined
      const { data: _data, timer: _timer, ...info } = entry
      return info
    },
    async close() {
      unwatch()
      closed = true
      for (const entry of jobs.values()) clearTimeout(entry.timer)
      // Nothing new starts; what runs finishes (a job is recorded as events first, so one cut short by the
      // process's hard stop limit carries on at the next start).
      await Promise.allSettled([...running])
    },
  }
}
