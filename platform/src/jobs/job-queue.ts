/**
 * The job port (docs/architecture.md "Jobs"): lead imports, exports, reminders, rebuilds. BullMQ when REDIS_URL is
 * set, in-process otherwise. What a job is for is recorded as events first, so a lost queue loses nothing:
 * the owning feature re-enqueues from its read model at start-up.
 */
export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed'

/** The states GET /metrics counts per queue: the depth (waiting, delayed), the running, the failed. */
export const JOB_COUNT_STATES = ['waiting', 'delayed', 'active', 'failed'] as const

export interface JobContext<Data> {
  id: string
  data: Data
  /** 0..100; shown as a progress bar. */
  reportProgress(percent: number): Promise<void>
}

export interface JobInfo {
  id: string
  name: string
  state: JobState
  progress: number
  result?: unknown
  error?: string
}

export interface EnqueueOptions {
  /** Same id twice enqueues once (a reminder keyed by its task, an import keyed by its upload). */
  jobId?: string
  delayMs?: number
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq'
  register<Data>(
    name: string,
    handler: (job: JobContext<Data>) => Promise<unknown>,
    options?: { concurrency?: number },
  ): void
  enqueue<Data>(name: string, data: Data, options?: EnqueueOptions): Promise<string>
  getJob(name: string, id: string): Promise<JobInfo | undefined>
  close(): Promise<void>
}

/** The job queue's server (Redis) cannot be reached: answered 503 (http/unavailable.ts). */
export class JobQueueUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The job queue is not reachable', { cause })
    this.name = 'JobQueueUnavailableError'
  }
}
