import { ActivityType, type ActivityLogged, type TimelineItem } from '@crm/contracts'
import { waitForPosition, type NewEvent, type Position } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

const TOTAL = 5_000
const types = [ActivityType.OutgoingCall, ActivityType.Email, ActivityType.Meeting]

/** ActivityLogged events straight on the contact's stream: 5,000 POSTs would take minutes, batches take seconds. */
async function logMany(s: LifecycleStack, contactId: string, userId: string): Promise<Position> {
  const start = Date.parse('2025-01-01T00:00:00Z')
  let position = '' as Position
  for (let from = 0; from < TOTAL; from += 500) {
    const events: NewEvent<'ActivityLogged', ActivityLogged['data']>[] = []
    for (let i = from; i < Math.min(TOTAL, from + 500); i++) {
      // Every 7th pair shares an instant, so the id must break ties without gaps or repeats.
      const occurredAt = new Date(start + Math.floor(i / 2) * 60_000 * (i % 7 === 0 ? 0 : 1)).toISOString()
      const commandId = randomUUID()
      events.push({
        eventId: randomUUID(),
        type: 'ActivityLogged',
        data: {
          contactId,
          activityId: randomUUID(),
          divisionId: 15,
          activityType: types[i % types.length]!,
          subject: `Activity ${i}`,
          notes: null,
          callData: i % types.length === 0 ? { duration: 3_725, outcome: 'Answered' } : null,
          occurredAt,
          userId,
          nextStep: null,
          followUpDate: null,
          attachments: [],
          source: 'form',
        },
        metadata: { commandId, userId, divisionId: 15, correlationId: commandId, causationId: null, occurredAt },
      })
    }
    // The contact stream's id as the command API names it.
    const result = await s.store.appendToStream(`contact-${contactId}`, events, { expectedVersion: 'any' })
    position = result.position
  }
  return position
}

describe.each(databaseTargets())('activity timeline over HTTP on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let contactId: string
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    contactId = await s.createContact(admin, { name: 'Timeline Freight' })
    const position = await logMany(s, contactId, admin.userId)
    expect(await waitForPosition(s.database.db, ['activities'], position, 120_000)).toBe(true)
  }, 180_000)
  afterAll(() => s.close())

  const page = async (query: string) => {
    const response = await admin.get(`/contact-activities-timeline/all?contactId=${contactId}&${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { items: TimelineItem[]; nextCursor: string | null }
  }

  it('pages through 5,000 activities 10 at a time, newest first, without repeats or gaps', async () => {
    const seen: TimelineItem[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const result = await page(`limit=10${cursor ? `&before=${cursor}` : ''}`)
      expect(result.items.length).toBe(10)
      seen.push(...result.items)
      cursor = result.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(TOTAL / 10)
    expect(new Set(seen.map((a) => a.id)).size).toBe(TOTAL)
    const times = seen.map((a) => Date.parse(a.occurredAt))
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true)
    // Every subject logged shows exactly once.
    expect(new Set(seen.map((a) => a.subject)).size).toBe(TOTAL)
  }, 180_000)

  it('labels follow-ups by order within a type, filters by type and reports calls in seconds', async () => {
    const calls = await page(`limit=100&types=${ActivityType.OutgoingCall}`)
    expect(calls.items.every((a) => a.activityType === ActivityType.OutgoingCall)).toBe(true)
    expect(calls.items[0]).toMatchObject({ callDuration: 3_725, userName: 'Ada Admin', attachments: [] })
    const oldest = (await page(`limit=100&types=${ActivityType.Meeting}`)).items.at(0)
    expect(oldest?.followUpLabel).toMatch(/^Follow Up \d+$/)
    // Walk to the very first meeting: it is the chain's 'Initial', the one after it 'Follow Up 1'.
    let cursor: string | null = null
    let all: TimelineItem[] = []
    do {
      const result = await page(`limit=100&types=${ActivityType.Meeting}${cursor ? `&before=${cursor}` : ''}`)
      all = all.concat(result.items)
      cursor = result.nextCursor
    } while (cursor)
    expect(all.at(-1)?.followUpLabel).toBe('Initial')
    expect(all.at(-2)?.followUpLabel).toBe('Follow Up 1')
    expect(all[0]?.followUpLabel).toBe(`Follow Up ${all.length - 1}`)
  }, 60_000)

  it('answers 404 for a contact the viewer cannot see and 400 for a forged cursor', async () => {
    const rep = await s.actor('Tim Rep', ['call'])
    const hidden = await rep.get(`/contact-activities-timeline/all?contactId=${contactId}`)
    expect(hidden.statusCode).toBe(404)
    const forged = await admin.get(`/contact-activities-timeline/all?contactId=${contactId}&before=bm9wZQ`)
    expect(forged.statusCode).toBe(400)
  })
})
