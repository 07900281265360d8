import {
  MARKETING_LIMITS,
  type CampaignChunkCounts,
  type EmailCampaignEvent,
  type EmailCampaignStarted,
} from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'

export interface CampaignState {
  started: EmailCampaignStarted['data'] | null
  /** Chunks already queued, by index. */
  done: ReadonlySet<number>
  totals: CampaignChunkCounts
  finished: boolean
}

export type CampaignCommand =
  | { type: 'StartCampaign'; data: Omit<EmailCampaignStarted['data'], 'chunkSize'> }
  | { type: 'RecordChunk'; chunk: number; counts: CampaignChunkCounts }

const zero: CampaignChunkCounts = { queued: 0, skipped: 0, noEmail: 0, unavailable: 0 }

export const initialCampaignState: CampaignState = { started: null, done: new Set(), totals: zero, finished: false }

const add = (a: CampaignChunkCounts, b: CampaignChunkCounts): CampaignChunkCounts => ({
  queued: a.queued + b.queued,
  skipped: a.skipped + b.skipped,
  noEmail: a.noEmail + b.noEmail,
  unavailable: a.unavailable + b.unavailable,
})

export function evolveCampaign(state: CampaignState, event: EmailCampaignEvent): CampaignState {
  switch (event.type) {
    case 'EmailCampaignStarted':
      return { ...state, started: event.data }
    case 'EmailCampaignChunkQueued': {
      const { campaignId: _c, chunk, contacts: _n, ...counts } = event.data
      return { ...state, done: new Set([...state.done, chunk]), totals: add(state.totals, counts) }
    }
    case 'EmailCampaignFinished':
      return { ...state, finished: true }
  }
}

/** How many chunks a send of `contacts` has. */
export const chunkCount = (contacts: number, chunkSize: number): number => Math.ceil(contacts / chunkSize)

/** The contacts of one chunk. */
export function chunkOf(started: EmailCampaignStarted['data'], chunk: number): string[] {
  return started.contactIds.slice(chunk * started.chunkSize, (chunk + 1) * started.chunkSize)
}

/** The chunks still to queue, in order. */
export function pendingChunks(state: CampaignState): number[] {
  if (!state.started || state.finished) return []
  const all = chunkCount(state.started.contactIds.length, state.started.chunkSize)
  return Array.from({ length: all }, (_, i) => i).filter((i) => !state.done.has(i))
}

/** What becomes of one contact of a marketing send. */
export type RecipientOutcome = 'queued' | 'skipped' | 'noEmail' | 'unavailable'

/**
 * A contact the sender may no longer see (or that is gone) is unavailable; one without an address has no email;
 * an address that unsubscribed or reported abuse is skipped (never mailed by marketing); anyone else is queued.
 */
export function recipientOutcome(contact: {
  available: boolean
  email: string | null | undefined
  suppressed: (address: string) => boolean
}): RecipientOutcome {
  if (!contact.available) return 'unavailable'
  const email = contact.email?.trim()
  if (!email) return 'noEmail'
  return contact.suppressed(email.toLowerCase()) ? 'skipped' : 'queued'
}

export function countOutcomes(outcomes: RecipientOutcome[]): CampaignChunkCounts {
  const counts = { ...zero }
  for (const outcome of outcomes) counts[outcome]++
  return counts
}

function decide(state: CampaignState, command: CampaignCommand): EmailCampaignEvent[] {
  switch (command.type) {
    case 'StartCampaign':
      if (state.started) return []
      return [
        {
          type: 'EmailCampaignStarted',
          data: { ...command.data, chunkSize: MARKETING_LIMITS.chunk },
        },
      ]
    case 'RecordChunk': {
      const started = state.started
      if (!started) throw new DomainError('This marketing send has not started')
      // A job run again after a crash records a chunk it already recorded: nothing new.
      if (state.finished || state.done.has(command.chunk)) return []
      const contacts = chunkOf(started, command.chunk).length
      if (contacts === 0) throw new DomainError(`No chunk ${command.chunk} in this marketing send`)
      const events: EmailCampaignEvent[] = [
        {
          type: 'EmailCampaignChunkQueued',
          data: { campaignId: started.campaignId, chunk: command.chunk, contacts, ...command.counts },
        },
      ]
      const remaining = pendingChunks(state).filter((i) => i !== command.chunk)
      if (remaining.length === 0) {
        events.push({
          type: 'EmailCampaignFinished',
          data: { campaignId: started.campaignId, ...add(state.totals, command.counts) },
        })
      }
      return events
    }
  }
}

/** A marketing send (stream email-campaign-<id>): started with its contacts, then queued chunk by chunk, once. */
export const campaignDecider: Decider<CampaignState, CampaignCommand, EmailCampaignEvent> = {
  initialState: initialCampaignState,
  evolve: evolveCampaign,
  startsStream: (command) => command.type === 'StartCampaign',
  decide,
}
