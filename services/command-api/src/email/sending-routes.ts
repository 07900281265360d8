import {
  emailCommandAnswerSchema,
  emailMessageStreamId,
  scheduleEmailSchema,
  sendEmailSchema,
  emailMessages,
  commandAnswerSchema,
  marketingMessages,
} from '@crm/contracts'
import { badRequest, currentTime, DomainError, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf, callerWithTeam } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { composeEmail, type Draft } from './compose'
import type { EmailScheduler } from './email-scheduler'
import { messageDecider } from './message/decide'
import type { RecipientLinks } from './link-token'
import { cleanEmailBody } from './sanitize-email-html'
import { suppressedAmong } from './suppressions'

const tags = ['email']
const idParams = z.object({ id: z.uuid() })

interface Deps {
  links: RecipientLinks
  store: EventStore
  db: Kysely<unknown>
  scheduler: EmailScheduler
}

/**
 * Sending to a contact (docs/product.md 7 "/emails/*"): send-email now, schedule-email at sendingTime, and
 * cancelling a scheduled one until it is sent. The message is composed and recorded (EmailQueued); the job
 * system sends it (deliver-email.ts).
 */
export function emailSendingRoutes(api: HttpApp, { store, db, scheduler, links }: Deps): void {
  async function queue(
    envelope: CommandEnvelope,
    request: Parameters<typeof callerOf>[0],
    { confirmSuppressed, ...draft }: Draft & { confirmSuppressed?: boolean },
    at: { sendingTime: string; scheduled: boolean },
  ) {
    const messageId = idsFor(envelope.commandId, 'email-message').next()
    const clean = { ...draft, body: cleanEmailBody(draft.body) }
    const message = await composeEmail(store, callerOf(request), clean, { messageId, ...at, marketing: false }, links)
    // A direct mail to an address that unsubscribed goes only when its sender confirmed it (docs/product.md 7).
    if (!confirmSuppressed && (await suppressedAmong(db, [message.recipient])).size > 0) {
      throw new DomainError(marketingMessages.suppressedRefused)
    }
    const { position } = await handleCommand(
      store,
      messageDecider,
      emailMessageStreamId(messageId),
      { type: 'QueueEmail', message },
      envelope,
    )
    await scheduler.messageQueued(messageId, at.sendingTime)
    return { id: messageId, position }
  }

  api.post(
    '/emails/send-email',
    {
      schema: {
        tags,
        summary: 'Send an email to a contact now',
        body: sendEmailSchema,
        response: { 201: emailCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { id, position } = await queue(envelopeOf(request), request, request.body, {
        sendingTime: currentTime().toISOString(),
        scheduled: false,
      })
      return reply.code(201).send(withPosition(reply, position, { id }))
    },
  )

  api.post(
    '/emails/schedule-email',
    {
      schema: {
        tags,
        summary: 'Schedule an email to a contact at sendingTime',
        body: scheduleEmailSchema,
        response: { 201: emailCommandAnswerSchema },
      },
    },
    async (request, reply) => {
      const sendingTime = new Date(request.body.sendingTime)
      if (sendingTime.getTime() < Date.now() - 60_000) {
        throw badRequest(emailMessages.sendingTimeInPast, { sendingTime: emailMessages.sendingTimeInPast })
      }
      const { id, position } = await queue(envelopeOf(request), request, request.body, {
        sendingTime: sendingTime.toISOString(),
        scheduled: true,
      })
      return reply.code(201).send(withPosition(reply, position, { id }))
    },
  )

  api.post(
    '/emails/cancel-email/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled email that was not sent yet',
        params: idParams,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const actor = await callerWithTeam(db, request)
      const { position } = await handleCommand(
        store,
        messageDecider,
        emailMessageStreamId(id),
        { type: 'CancelEmail', actor },
        envelopeOf(request),
      )
      return withPosition(reply, position, { id })
    },
  )
}
