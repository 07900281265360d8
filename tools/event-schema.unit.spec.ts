import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { collectEventTypes, eventsDocPath, renderEventSchema } from './event-schema'

describe('the documented schema of every event type', () => {
  // Type-checking the contracts takes a while on a busy machine.
  it('finds the event types of the contracts with their fields', { timeout: 180_000 }, () => {
    const events = collectEventTypes()
    expect(events.length).toBeGreaterThan(80)
    const created = events.find((e) => e.type === 'ContactCreated')!
    expect(created.file).toBe('contacts/events.ts')
    expect(created.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['contactId', 'divisionId', 'statusId']))
  })

  it('is up to date in docs/events.md (run npm run events:schema)', { timeout: 180_000 }, async () => {
    expect(readFileSync(eventsDocPath, 'utf8')).toBe(await renderEventSchema())
  })
})
