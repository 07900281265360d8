import type { StoredEvent } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { foldImportedLeads, type CreatedWithLead } from './on-contact-created'

const event = (streamId: string, streamVersion: number, type: string, data: object = {}) =>
  ({ streamId, streamVersion, type, data }) as unknown as StoredEvent

const lead = { source: 'Census', sourceId: 4, operatingStatus: 'AUTHORIZED FOR Property', numberOfDrivers: 3 }

describe('foldImportedLeads', () => {
  it('folds a fresh contact’s LeadImported into its ContactCreated of the same batch, at the later version', () => {
    const folded = foldImportedLeads([
      event('contact-a', 1, 'ContactCreated', { name: 'A' }),
      event('contact-b', 1, 'ContactCreated', { name: 'B' }),
      event('contact-a', 2, 'LeadImported', { fields: {}, lead }),
      event('contact-b', 2, 'LeadImported', { fields: {}, lead }),
    ]) as CreatedWithLead[]
    expect(folded.map((e) => [e.streamId, e.type, e.streamVersion, e.lead?.source])).toEqual([
      ['contact-a', 'ContactCreated', 2, 'Census'],
      ['contact-b', 'ContactCreated', 2, 'Census'],
    ])
  })

  it('leaves alone a lead that fills in an existing contact, one whose creation is in another batch, and others', () => {
    const events = [
      event('contact-a', 3, 'LeadImported', { fields: {}, lead }),
      event('contact-b', 1, 'ContactCreated', { name: 'B' }),
      event('contact-b', 2, 'LeadImported', { fields: { email: 'b@example.test' }, lead }),
      event('contact-c', 1, 'ContactCreated', { name: 'C' }),
      event('contact-c', 2, 'ContactAssigned', {}),
      event('contact-c', 3, 'LeadImported', { fields: {}, lead }),
    ]
    expect(foldImportedLeads(events)).toEqual(events)
  })
})
