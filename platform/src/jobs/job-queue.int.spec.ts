import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createBullmqJobQueue } from './bullmq-job-queue'
import { createInProcessJobQueue } from './in-process-job-queue'
import type { JobInfo, JobQueue } from './job-queue'

const redisUrl = process.env.REDIS_URL
const adapters: [string, (() => JobQueue) | undefined][] = [
  ['in-process', () => createInProcessJobQueue()],
  ['bullmq', redisUrl ? () => createBullmqJobQueue(redisUrl, { prefix: `test-${randomUUID()}` }) : undefined],
]

async function until(read: () => Promise<JobInfo | undefined>, done: (j: JobInfo) => boolean) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const job = await read()
    if (job && done(job)) return job
    if (Date.now() > deadline) throw new Error(`job did not finish: ${JSON.stringify(job)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

for (const [name, create] of adapters) {
  describe.skipIf(!create)(`job queue: ${name}${create ? '' : ' (skipped: REDIS_URL is not set)'}`, () => {
    it('runs a job, reports its progress and result', async () => {
      const queue = create!()
      try {
        const progressSeen: number[] = []
        queue.register<{ rows: number }>('import', async (job) => {
          for (let i = 1; i <= 4; i++) {
            await job.reportProgress(i * 25)
            progressSeen.push(i * 25)
          }
          return { created: job.data.rows }
        })
        const id = await queue.enqueue('import', { rows: 7 })
        const job = await until(
          () => queue.getJob('import', id),
          (j) => j.state === 'completed',
        )
        expect(job.progress).toBe(100)
        expect(job.result).toEqual({ created: 7 })
        expect(progressSeen).toEqual([25, 50, 75, 100])
      } finally {
        await queue.close()
      }
    })

    it('runs a delayed job no sooner than asked, once per job id, and records failures', async () => {
      const queue = create!()
      try {
        const ranAt: number[] = []
        queue.register('remind', async () => {
          ranAt.push(Date.now())
        })
        queue.register('broken', async () => {
          throw new Error('mail server down')
        })
        const start = Date.now()
        await queue.enqueue('remind', {}, { jobId: 'task-1', delayMs: 300 })
        await queue.enqueue('remind', {}, { jobId: 'task-1', delayMs: 300 })
        await until(
          () => queue.getJob('remind', 'task-1'),
          (j) => j.state === 'completed',
        )
        expect(ranAt).toHaveLength(1)
        expect(ranAt[0]! - start).toBeGreaterThanOrEqual(250)
        const failedId = await queue.enqueue('broken', {})
        const failed = await until(
          () => queue.getJob('broken', failedId),
          (j) => j.state === 'failed',
        )
        expect(failed.error).toBe('mail server down')
      } finally {
        await queue.close()
      }
    })
  })
}
