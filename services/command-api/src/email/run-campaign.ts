import {
  EMAIL_CAMPAIGN_JOB,
  emailCampaignStreamId,
  emailMessageStreamId,
  type Caller,
  type EmailCampaignStarted,
} from '@crm/contracts'
import {
  mailMessages,
  waitForPosition,
  type EventStore,
  type JobContext,
  type JobQueue,
  type Logger,
} from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid, idsFor } from '../command-handling/ids'
import {
  campaignDecider,
  chunkOf,
  countOutcomes,
  pendingChunks,
  recipientOutcome,
  type CampaignState,
  type RecipientOutcome,
} from './campaign/decide'
import { composeFor, isVisibleTo, loadContact, loadUser } from './compose'
import { systemEnvelope } from './deliver-email'
import type { EmailScheduler } from './email-scheduler'
import type { RecipientLinks } from './link-token'
import { suppressedAmong } from './suppressions'
import { loadAggregate } from '../command-handling/load-aggregate'

export interface CampaignJob {
  campaignId: string
}

export interface CampaignDeps {
  store: EventStore
  db: Kysely<unknown>
  logger: Logger
  links: RecipientLinks
  scheduler: Pick<EmailScheduler, 'messageQueued'>
  /** True once the app is closing: the run stops after the chunk under way, and a later run resumes. */
  stopping?: () => boolean
}

/** Contact streams read at once while composing a chunk. */
const READ_CONCURRENCY = 16

export async function loadCampaign(store: EventStore, campaignId: string): Promise<CampaignState> {
  return (await loadAggregate(store, emailCampaignStreamId(campaignId), campaignDecider)).state
}

/** The message of one contact of a send: the same id however often the send is run. */
export const campaignMessageId = (campaignId: string, contactId: string): string =>
  derivedUuid(`email-campaign:${campaignId}:${contactId}`)

export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

const senderOf = (started: EmailCampaignStarted['data']): Caller => ({
  userId: started.senderId,
  divisionId: started.senderDivisionId,
  permissions: started.senderPermissions,
})

/**
 * The job of a marketing send: chunk by chunk, each contact is checked (still the sender's to see, with an
 * address, not unsubscribed), its message composed and queued (EmailQueued on a stream whose id derives from
 * the send and the contact, so a rerun queues nothing twice), its sending job queued, and the chunk's counts
 * recorded. A run cut off half way resumes after the last recorded chunk; the messages it had queued of the
 * next chunk are found already there and counted once.
 */
export async function runCampaign(
  deps: CampaignDeps,
  campaignId: string,
  progress?: JobContext<CampaignJob>['reportProgress'],
): Promise<{ queued: number }> {
  let state = await loadCampaign(deps.store, campaignId)
  const started = state.started
  if (!started || state.finished) return { queued: 0 }
  // Unsubscribes recorded before this run are in the suppression list it reads.
  if (!(await waitForPosition(deps.db, ['email_messages'], await deps.store.headPosition(), 30_000))) {
    deps.logger.warn({ campaignId }, 'email_messages lags behind the event store; suppressions may be missed')
  }
  const sender = senderOf(started)
  const user = { ...(await loadUser(deps.store, sender.userId)), userId: sender.userId, divisionId: sender.divisionId }
  const chunks = pendingChunks(state)
  const all = chunks.length + state.done.size
  let queuedNow = 0
  for (const chunk of chunks) {
    if (deps.stopping?.()) break
    const contactIds = chunkOf(started, chunk)
    const contacts = await mapLimited(contactIds, READ_CONCURRENCY, (id) => loadContact(deps.store, id))
    const suppressed = await suppressedAmong(deps.db, contacts.map((c) => c.profile?.email ?? '').filter(Boolean))
    const outcomes: RecipientOutcome[] = contacts.map((contact) =>
      recipientOutcome({
        available: isVisibleTo(contact, sender),
        email: contact.profile?.email,
        suppressed: (address) => suppressed.has(address),
      }),
    )
    // An address that unsubscribed or reported abuse is not mailed: counted as suppressed (GET /metrics).
    mailMessages.inc({ outcome: 'suppressed' }, outcomes.filter((o) => o === 'skipped').length)
    const messages = contacts.flatMap((contact, i) => {
      if (outcomes[i] !== 'queued') return []
      const contactId = contactIds[i]!
      const messageId = campaignMessageId(campaignId, contactId)
      return [
        composeFor(
          contact,
          user,
          { contactId, templateId: started.templateId, subject: started.subject, body: started.body },
          {
            messageId,
            sendingTime: started.sendingTime,
            scheduled: started.scheduled,
            marketing: true,
            campaignId,
          },
          deps.links,
        ),
      ]
    })
    const occurredAt = new Date().toISOString()
    // A message already queued by an earlier run answers a conflict here: it is queued all the same.
    await deps.store.appendToStreams(
      messages.map((message) => {
        const commandId = `email-campaign:${campaignId}:${message.contactId}`
        return {
          streamId: emailMessageStreamId(message.messageId),
          events: [
            {
              eventId: idsFor(commandId, 'event').next(),
              type: 'EmailQueued',
              data: message,
              metadata: { ...systemEnvelope(commandId), userId: sender.userId, occurredAt },
            },
          ],
          options: { expectedVersion: 'no_stream' as const, commandId },
        }
      }),
    )
    for (const message of messages) await deps.scheduler.messageQueued(message.messageId, message.sendingTime)
    const result = await handleCommand(
      deps.store,
      campaignDecider,
      emailCampaignStreamId(campaignId),
      { type: 'RecordChunk', chunk, counts: countOutcomes(outcomes) },
      { ...systemEnvelope(`email-campaign-chunk:${campaignId}:${chunk}`), userId: sender.userId },
    )
    state = result.events.reduce(campaignDecider.evolve, state)
    queuedNow += messages.length
    await progress?.(Math.round((state.done.size / all) * 100))
  }
  return { queued: queuedNow }
}

/** Sends still being queued (a restart cut them off): queued again at start-up and every minute. */
export async function resumeCampaigns(
  deps: { jobs: JobQueue; db: Kysely<unknown>; store: EventStore; logger: Logger },
  queueCampaign: (campaignId: string, resumed: boolean) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  if (!(await waitForPosition(deps.db, ['email_messages'], await deps.store.headPosition(), 30_000, signal))) {
    if (signal?.aborted) return 0
    deps.logger.warn('email_messages lags behind the event store; resuming the marketing sends it knows')
  }
  const { rows } = await sql<{ campaign_id: string }>`
    select campaign_id from email_campaigns where state = 'preparing' order by created_at limit 100`.execute(deps.db)
  let queued = 0
  for (const { campaign_id: id } of rows) {
    const job = await deps.jobs.getJob(EMAIL_CAMPAIGN_JOB, `campaign-${id}`)
    if (job && (job.state === 'waiting' || job.state === 'active' || job.state === 'delayed')) continue
    await queueCampaign(id, job !== undefined)
    queued++
  }
  return queued
}
