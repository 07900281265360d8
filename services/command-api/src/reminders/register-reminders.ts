import { TASK_REMINDER_JOB } from '@crm/contracts'
import type { EventStore, HttpApp, JobQueue, Logger } from '@crm/platform'
import type { Kysely } from 'kysely'
import { fireReminder } from './fire-reminder'
import { createReminderScheduler, type ReminderScheduler } from './reminder-scheduler'
import type { ReminderJob } from './state'

/**
 * Task reminders in the process that runs jobs: the worker, and the sweep that queues what is due from the
 * task_reminders read model once the app is ready (so reminders survive restarts) and every few minutes.
 */
export function registerTaskReminders(
  api: HttpApp,
  deps: { jobs: JobQueue; store: EventStore; db: Kysely<unknown>; logger: Logger },
): ReminderScheduler {
  deps.jobs.register<ReminderJob>(TASK_REMINDER_JOB, (job) => fireReminder(deps.store, job.data), { concurrency: 4 })
  const scheduler = createReminderScheduler(deps)
  api.addHook('onReady', async () => scheduler.start())
  api.addHook('onClose', async () => scheduler.stop())
  return scheduler
}
