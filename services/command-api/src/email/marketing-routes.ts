import {
  EMAIL_CAMPAIGN_JOB,
  emailCampaignStreamId,
  emailCommandAnswerSchema,
  emailMessages,
  marketingSendSchema,
} from '@crm/contracts'
import { badRequest, notFound, type EventStore, type HttpApp, type JobQueue } from '@crm/platform'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { campaignDecider } from './campaign/decide'
import { assertSeesTemplate, isVisibleTo, loadContact } from './compose'
import { mapLimited } from './run-campaign'
import { cleanEmailBody } from './sanitize-email-html'

const tags = ['email']

export const campaignJobId = (campaignId: string) => `campaign-${campaignId}`

/**
 * Email marketing (docs/product.md 7 "Email marketing"): one draft to the contacts of a selection. The route
 * keeps the contacts the sender may see (none: answered as a missing contact, like any record one may not see),
 * records the send and queues its job; the job composes and queues one message per recipient (run-campaign.ts).
 */
export function marketingRoutes(api: HttpApp, { store, jobs }: { store: EventStore; jobs: JobQueue }): void {
  api.post(
    '/emails/marketing-sends',
    {
      // 20,000 contact ids are some 800 kB of JSON.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Send an email to many contacts (email marketing): one message each, skipping unsubscribed addresses',
        body: marketingSendSchema,
        response: { 202: emailCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request)
      const { templateId, subject, sendingTime } = request.body
      const body = cleanEmailBody(request.body.body)
      const when = sendingTime ? new Date(sendingTime) : new Date()
      if (sendingTime && when.getTime() < Date.now() - 60_000) {
        throw badRequest(emailMessages.sendingTimeInPast, { sendingTime: emailMessages.sendingTimeInPast })
      }
      const named = [...new Set(request.body.contactIds)]
      const contacts = await mapLimited(named, 16, (id) => loadContact(store, id))
      const contactIds = named.filter((_, i) => isVisibleTo(contacts[i]!, caller))
      if (contactIds.length === 0) throw notFound('Contact not found')
      if (templateId) await assertSeesTemplate(store, caller, templateId)
      const envelope = envelopeOf(request)
      const campaignId = idsFor(envelope.commandId, 'email-campaign').next()
      const { position } = await handleCommand(
        store,
        campaignDecider,
        emailCampaignStreamId(campaignId),
        {
          type: 'StartCampaign',
          data: {
            campaignId,
            senderId: caller.userId,
            senderDivisionId: caller.divisionId,
            senderPermissions: [...caller.permissions],
            templateId: templateId ?? null,
            subject,
            body,
            sendingTime: when.toISOString(),
            scheduled: sendingTime !== undefined,
            contactIds,
          },
        },
        envelope,
      )
      await jobs.enqueue(EMAIL_CAMPAIGN_JOB, { campaignId }, { jobId: campaignJobId(campaignId) })
      return reply.code(202).send(withPosition(reply, position, { id: campaignId }))
    },
  )
}
