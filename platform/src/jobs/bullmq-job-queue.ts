import { randomUUID } from 'node:crypto'
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { addJobCountSource, jobFailures } from '../metrics/metrics'
import {
  JOB_COUNT_STATES,
  JobQueueUnavailableError,
  type EnqueueOptions,
  type JobInfo,
  type JobQueue,
  type JobState,
} from './job-queue'

/** How long a command waits for Redis to take its job before answering without it (decision 056). */
const ENQUEUE_WAIT_MS = 2_000

/** BullMQ over Redis (REDIS_URL): jobs survive restarts and spread across processes. */
export function createBullmqJobQueue(redisUrl: string, options: { prefix?: string } = {}): JobQueue {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const prefix = options.prefix ?? 'crm'
  const queues = new Map<string, Queue>()
  const workers: Worker[] = []
  const queueOf = (name: string) => {
    let queue = queues.get(name)
    if (!queue) {
      queue = new Queue(name, { connection, prefix })
      // Redis going away is reported here too: without a listener the event would end the process.
      queue.on('error', () => undefined)
      queues.set(name, queue)
    }
    return queue
  }
  // Counted in Redis, so every process that knows a queue reports the same numbers for it (GET /metrics).
  const unwatch = addJobCountSource(async () => {
    const counts = await Promise.all(
      [...queues].map(async ([name, queue]) => {
        const byState = await queue.getJobCounts(...JOB_COUNT_STATES)
        return JOB_COUNT_STATES.map((state) => ({ queue: name, state, count: byState[state] ?? 0 }))
      }),
    )
    return counts.flat()
  })
  return {
    kind: 'bullmq',
    register(name, handler, registerOptions) {
      const worker = new Worker(
        name,
        (job) =>
          handler({
            id: job.id!,
            data: job.data,
            reportProgress: (percent) => job.updateProgress(percent),
          }),
        { connection, prefix, concurrency: registerOptions?.concurrency ?? 1 },
      )
      worker.on('error', () => undefined)
      worker.on('failed', () => jobFailures.inc({ queue: name }))
      queueOf(name)
      workers.push(worker)
    },
    async enqueue(name, data, enqueueOptions: EnqueueOptions = {}) {
      const jobId = enqueueOptions.jobId ?? randomUUID()
      const adding = queueOf(name).add(name, data, {
        jobId,
        delay: enqueueOptions.delayMs,
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      })
      // With Redis away the connection keeps the command and sends it once Redis is back (maxRetriesPerRequest:
      // null): the command that queued the job has recorded it as events already, so it answers after a short
      // wait instead of hanging, and the job runs after Redis returns (decision 056). Were the process to stop
      // first, the feature queues it again from its events at the next start (job-queue.ts).
      await new Promise<void>((resolve, reject) => {
        const waited = setTimeout(() => {
          adding.catch(() => undefined)
          resolve()
        }, ENQUEUE_WAIT_MS)
        adding.then(
          () => (clearTimeout(waited), resolve()),
          (error: unknown) => (clearTimeout(waited), reject(error)),
        )
      })
      return jobId
    },
    async getJob(name, id): Promise<JobInfo | undefined> {
      // Asked while Redis is away, the answer would wait for it: a 503 in words instead (http/unavailable.ts).
      if (connection.status !== 'ready') throw new JobQueueUnavailableError()
      const queue = queueOf(name)
      // State first, then the job's fields: read the other way round, a job finishing in between showed
      // 'failed' without its reason (or 'completed' without its result).
      const state = (await queue.getJobState(id)) as string
      const job = await queue.getJob(id)
      if (!job || state === 'unknown') return undefined
      return {
        id,
        name,
        state: (['waiting', 'delayed', 'active', 'completed', 'failed'].includes(state)
          ? state
          : 'waiting') as JobState,
        progress: typeof job.progress === 'number' ? job.progress : 0,
        result: job.returnvalue,
        error: job.failedReason || undefined,
      }
    },
    async close() {
      unwatch()
      // Each worker takes no new job and waits for the ones it runs (a stop's order: decision 056).
      await Promise.all(workers.map((w) => w.close()))
      await Promise.all([...queues.values()].map((q) => q.close()))
      await connection.quit().catch(() => undefined)
    },
  }
}
