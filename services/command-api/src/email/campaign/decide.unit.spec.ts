import { MARKETING_LIMITS, type EmailCampaignEvent, type EmailCampaignStarted } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../../command-handling/ids'
import { campaignDecider, countOutcomes, pendingChunks, recipientOutcome, type CampaignCommand } from './decide'

const context = { now: new Date('2026-06-12T15:00:00Z'), ids: idsFor('test') }
const given = (...events: EmailCampaignEvent[]) => events.reduce(campaignDecider.evolve, campaignDecider.initialState)
const when = (events: EmailCampaignEvent[], command: CampaignCommand) =>
  campaignDecider.decide(given(...events), command, context)

const contacts = (n: number) => Array.from({ length: n }, (_, i) => `c-${i}`)
const start = (n: number): Omit<EmailCampaignStarted['data'], 'chunkSize'> => ({
  campaignId: 'k-1',
  senderId: 'u-1',
  senderDivisionId: 15,
  senderPermissions: ['call'],
  templateId: null,
  subject: 'Rates for {{contact.name}}',
  body: '<p>New rates</p>',
  sendingTime: '2026-06-12T15:00:00.000Z',
  scheduled: false,
  contactIds: contacts(n),
})
const started = (n: number): EmailCampaignEvent => ({
  type: 'EmailCampaignStarted',
  data: { ...start(n), chunkSize: MARKETING_LIMITS.chunk },
})
const counts = { queued: 400, skipped: 50, noEmail: 40, unavailable: 10 }
const chunk = (i: number) => ({ type: 'RecordChunk' as const, chunk: i, counts })

describe('marketing send decider', () => {
  it('starts once with its contacts cut into chunks', () => {
    const [event] = when([], { type: 'StartCampaign', data: start(1200) })
    expect(event).toMatchObject({ type: 'EmailCampaignStarted', data: { chunkSize: MARKETING_LIMITS.chunk } })
    expect(pendingChunks(given(event!))).toEqual([0, 1, 2])
    expect(when([started(1200)], { type: 'StartCampaign', data: start(1200) })).toEqual([])
  })

  it('records each chunk once, and finishes with the totals when the last one is in', () => {
    const first = when([started(1000)], chunk(0))
    expect(first).toEqual([
      { type: 'EmailCampaignChunkQueued', data: { campaignId: 'k-1', chunk: 0, contacts: 500, ...counts } },
    ])
    // A job run again after a crash records nothing twice.
    expect(when([started(1000), ...first], chunk(0))).toEqual([])
    const last = when([started(1000), ...first], chunk(1))
    expect(last.map((e) => e.type)).toEqual(['EmailCampaignChunkQueued', 'EmailCampaignFinished'])
    expect(last[1]).toEqual({
      type: 'EmailCampaignFinished',
      data: { campaignId: 'k-1', queued: 800, skipped: 100, noEmail: 80, unavailable: 20 },
    })
    expect(pendingChunks(given(started(1000), ...first, ...last))).toEqual([])
  })

  it('refuses a chunk the send does not have', () => {
    expect(() => when([started(10)], chunk(3))).toThrow('No chunk 3')
    expect(() => when([], chunk(0))).toThrow('has not started')
  })

  it('never mails an unsubscribed address, and tells apart why a contact got nothing', () => {
    const suppressed = (address: string) => address === 'gone@fleet.example'
    expect(recipientOutcome({ available: true, email: ' Gone@Fleet.example ', suppressed })).toBe('skipped')
    expect(recipientOutcome({ available: true, email: 'dispatch@fleet.example', suppressed })).toBe('queued')
    expect(recipientOutcome({ available: true, email: '  ', suppressed })).toBe('noEmail')
    expect(recipientOutcome({ available: false, email: 'dispatch@fleet.example', suppressed })).toBe('unavailable')
    expect(countOutcomes(['queued', 'queued', 'skipped', 'noEmail'])).toEqual({
      queued: 2,
      skipped: 1,
      noEmail: 1,
      unavailable: 0,
    })
  })
})
