import { EMAIL_CAMPAIGN_JOB, EMAIL_SEND_JOB } from '@crm/contracts'
import type { EventStore, HttpApp, JobQueue, Logger, Mailer } from '@crm/platform'
import type { Kysely } from 'kysely'
import { deliverEmail, type DeliveryDeps } from './deliver-email'
import { createEmailScheduler, type EmailJob } from './email-scheduler'
import { emailSendingRoutes } from './sending-routes'
import { emailTemplateRoutes } from './template-routes'
import { recipientRoutes } from './recipient-routes'
import type { RecipientLinks } from './link-token'
import { campaignJobId, marketingRoutes } from './marketing-routes'
import { resumeCampaigns, runCampaign, type CampaignJob } from './run-campaign'
import { sweepLoop } from '../scheduling/due-sweep'
import { workUnderWay } from '../scheduling/work-under-way'

export interface EmailDeps {
  jobs: JobQueue
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  mailer: Mailer
  mailFrom: string
  retry?: DeliveryDeps['retry']
  links: RecipientLinks
}

/** The email feature in the process that runs jobs: routes, the sending worker and the sweep. */
export function registerEmail(api: HttpApp, deps: EmailDeps): void {
  emailTemplateRoutes(api, { store: deps.store })
  // A delivery under way finishes (and records what it sent) before the app closes; none starts after.
  const underWay = workUnderWay()
  let closing = false
  deps.jobs.register<EmailJob>(
    EMAIL_SEND_JOB,
    (job) => {
      if (closing) return Promise.resolve({ sent: false })
      return underWay.track(deliverEmail(deps, job.data.messageId))
    },
    { concurrency: 4 },
  )
  const scheduler = createEmailScheduler(deps)
  // Marketing sends: composing and queueing their messages is a job of its own, resumed after a restart.
  deps.jobs.register<CampaignJob>(
    EMAIL_CAMPAIGN_JOB,
    (job) => {
      if (closing) return Promise.resolve({ queued: 0 })
      return underWay.track(
        runCampaign({ ...deps, scheduler, stopping: () => closing }, job.data.campaignId, (p) => job.reportProgress(p)),
      )
    },
    { concurrency: 1 },
  )
  const resume = sweepLoop({
    sweep: (signal) =>
      resumeCampaigns(
        deps,
        async (campaignId, resumed) => {
          const jobId = resumed ? `${campaignJobId(campaignId)}.resumed-${Date.now()}` : campaignJobId(campaignId)
          await deps.jobs.enqueue<CampaignJob>(EMAIL_CAMPAIGN_JOB, { campaignId }, { jobId })
        },
        signal,
      ),
    everyMs: 60_000,
    logger: deps.logger,
    what: 'marketing sends',
  })
  api.addHook('onReady', async () => {
    scheduler.start()
    resume.start()
  })
  api.addHook('onClose', async () => {
    closing = true
    await resume.stop()
    await scheduler.stop()
    await underWay.settled()
  })
  emailSendingRoutes(api, { store: deps.store, db: deps.db, scheduler, links: deps.links })
  marketingRoutes(api, { store: deps.store, jobs: deps.jobs })
  recipientRoutes(api, { store: deps.store, secret: deps.links.secret })
}
