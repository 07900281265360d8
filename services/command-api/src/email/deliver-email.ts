import { ActivityType, ERASED, emailMessageStreamId, htmlToText } from '@crm/contracts'
import { addressOf, currentTime, mailMessages, type EventStore, type Logger, type Mailer } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid } from '../command-handling/ids'
import { runContactCommand } from '../contacts/run-contact-command'
import { messageDecider, type MessageState } from './message/decide'
import { linksOf, type RecipientLinks } from './link-token'
import { suppressedAmong } from './suppressions'
import type { Kysely } from 'kysely'
import { loadAggregate } from '../command-handling/load-aggregate'

export interface DeliveryDeps {
  store: EventStore
  /** Read models: the suppressed addresses a marketing message is checked against just before it goes. */
  db: Kysely<unknown>
  mailer: Mailer
  logger: Logger
  /** The configured From address: its domain names the Message-ID. */
  mailFrom: string
  /** Tries per message, and the wait before the second (doubled each time): transient SMTP failures only. */
  retry?: { attempts: number; firstDelayMs: number }
  links: RecipientLinks
}

export async function loadMessage(store: EventStore, messageId: string): Promise<MessageState> {
  return (await loadAggregate(store, emailMessageStreamId(messageId), messageDecider)).state
}

/** The system acts here, under ids derived from the message, so a rerun appends nothing twice. */
export const systemEnvelope = (commandId: string): CommandEnvelope => ({
  commandId,
  userId: null,
  divisionId: null,
  correlationId: commandId,
  causationId: null,
})

/** A 4xx reply or a broken connection may pass; a 5xx reply (unknown mailbox, refused) will not. */
export function isTransient(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string }
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS'].includes(e.code ?? '')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The job: sends a message that is still waiting and due, retrying transient failures with backoff, then
 * records EmailDelivered (or EmailDeliveryFailed) and the email activity on the contact's timeline. A message
 * already sent, failed or cancelled is left alone, so a job run twice sends once. The Message-ID is derived from
 * the message, so even a resend after a crash between the SMTP answer and the append carries the same one.
 */
export async function deliverEmail(
  deps: DeliveryDeps,
  messageId: string,
  now = currentTime(),
): Promise<{ sent: boolean }> {
  const state = await loadMessage(deps.store, messageId)
  const message = state.message
  if (!message || state.status !== 'scheduled') return { sent: false }
  if (Date.parse(message.sendingTime) > now.getTime() + 1000) return { sent: false }
  const stream = emailMessageStreamId(messageId)
  if (message.recipient === ERASED) {
    // The contact's personal data was erased while the message waited (docs/decisions/035): it never goes.
    await handleCommand(
      deps.store,
      messageDecider,
      stream,
      { type: 'RecordFailure', reason: 'The recipient’s personal data was erased', attempts: 0 },
      systemEnvelope(`email-failed:${messageId}`),
    )
    return { sent: false }
  }
  if (message.marketing) {
    // The address may have unsubscribed since the message was queued (a scheduled send): then it never goes.
    const reason = (await suppressedAmong(deps.db, [message.recipient])).get(message.recipient.trim().toLowerCase())
    if (reason) {
      await handleCommand(
        deps.store,
        messageDecider,
        stream,
        { type: 'RecordSuppressed', reason },
        systemEnvelope(`email-suppressed:${messageId}`),
      )
      mailMessages.inc({ outcome: 'suppressed' })
      return { sent: false }
    }
  }
  const domain = addressOf(deps.mailFrom).split('@')[1] ?? 'localhost'
  const internetMessageId = `<${messageId}@${domain}>`
  const links = linksOf(deps.links, messageId)
  // RFC 2369 and RFC 8058: the mailbox provider's own Unsubscribe button, by one POST. Only the https address:
  // no mailbox reads unsubscribe mail. Opened in a browser it shows the unsubscribe page.
  const headers = {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
  const { attempts: maxAttempts, firstDelayMs } = deps.retry ?? { attempts: 5, firstDelayMs: 2000 }
  let attempts = 0
  for (;;) {
    attempts++
    try {
      await deps.mailer.send({
        to: message.recipient,
        subject: message.subject,
        html: message.html,
        text: message.text,
        fromName: message.senderName,
        ...(message.senderEmail && { replyTo: message.senderEmail }),
        messageId: internetMessageId,
        headers,
      })
      break
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (!isTransient(error) || attempts >= maxAttempts) {
        deps.logger.warn({ messageId, attempts, reason }, 'email not delivered')
        await handleCommand(
          deps.store,
          messageDecider,
          stream,
          { type: 'RecordFailure', reason, attempts },
          systemEnvelope(`email-failed:${messageId}`),
        )
        return { sent: false }
      }
      await sleep(firstDelayMs * 2 ** (attempts - 1))
    }
  }
  const sentAt = currentTime().toISOString()
  await handleCommand(
    deps.store,
    messageDecider,
    stream,
    { type: 'RecordDelivery', internetMessageId, sentAt, attempts },
    systemEnvelope(`email-delivered:${messageId}`),
  )
  await logEmailActivity(deps, message, sentAt)
  return { sent: true }
}

/** The body as the rep wrote it: without the recipient's footer and with links as they were, not tracked. */
function timelineNotes(html: string): string {
  const body = html.replace(/<p style="margin-top:24px[^]*$/, '')
  return htmlToText(body).replace(/ \(https?:\/\/[^)\s]*\/api-email\/click-link\/[^)\s]*\)/g, '')
}

/**
 * The email on the contact's timeline (activity type 10012), in the sender's name. Whether the sender may mail
 * the contact was decided when the message was queued; the system records the outcome.
 */
async function logEmailActivity(
  deps: DeliveryDeps,
  message: NonNullable<MessageState['message']>,
  sentAt: string,
): Promise<void> {
  const key = `email-activity:${message.messageId}`
  try {
    await runContactCommand(
      deps.store,
      message.contactId,
      {
        type: 'LogActivity',
        actor: { userId: message.senderId, divisionId: message.divisionId, permissions: ['admin'] },
        activityId: derivedUuid(key),
        source: 'form',
        data: {
          contactId: message.contactId,
          divisionId: message.divisionId,
          activityType: ActivityType.Email,
          subject: message.subject,
          notes: timelineNotes(message.html).slice(0, 5000),
          occurredAt: sentAt,
        },
      },
      systemEnvelope(key),
    )
  } catch (error) {
    // The mail went out; a contact deleted meanwhile only loses the timeline entry.
    deps.logger.warn({ err: error, messageId: message.messageId }, 'email activity not logged')
  }
}
