import { createBullmqJobQueue } from './bullmq-job-queue'
import { createInProcessJobQueue } from './in-process-job-queue'
import type { JobQueue } from './job-queue'

export function createJobQueue(options: { redisUrl?: string; prefix?: string }): JobQueue {
  return options.redisUrl
    ? createBullmqJobQueue(options.redisUrl, { prefix: options.prefix })
    : createInProcessJobQueue()
}
