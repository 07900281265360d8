import type { LeadFacts } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { decideLeadRow, sameLeadFacts, type ImportLeadRow, type LeadState } from './lead-decider'

const facts = (drivers: number): LeadFacts => ({
  source: 'FMCSA census',
  sourceId: null,
  operatingStatus: 'ACTIVE',
  numberOfDrivers: drivers,
  entityType: 'CARRIER',
  cargoCarried: null,
  carrierOperations: 'Interstate',
  operationClassification: null,
  mailingAddress: { street1: 'PO BOX 9', city: 'SPARKS', state: 'NV', zip: '89431' },
  dateEntered: '2025-03-19',
})
const row = (drivers: number): ImportLeadRow => ({
  type: 'ImportLeadRow',
  contactId: 'c-1',
  uploadId: 'u-2',
  lead: { row: 2, fields: { name: 'Testline Carriers' }, lead: facts(drivers) } as unknown as ImportLeadRow['lead'],
  divisionId: 15,
  importDate: '2026-11-25',
  matchedBy: 'dot',
})
const existing = (lead: LeadFacts | null): LeadState => ({ created: true, fields: { name: 'Testline Carriers' }, lead })

describe('a lead row on a contact that exists', () => {
  it('refreshes census facts that changed, naming the ones it replaced', () => {
    expect(decideLeadRow(existing(facts(3)), row(5))).toMatchObject([
      {
        type: 'LeadImported',
        data: { fields: {}, lead: { numberOfDrivers: 5 }, previousLead: { numberOfDrivers: 3 } },
      },
    ])
  })

  it('appends nothing when the facts are the same, whatever order the store kept their keys in', () => {
    const reordered = Object.fromEntries(Object.entries(facts(3)).reverse()) as unknown as LeadFacts
    expect(sameLeadFacts(reordered, facts(3))).toBe(true)
    expect(decideLeadRow(existing(reordered), row(3))).toEqual([])
  })

  it('records the facts of a first import onto a contact entered by hand, with nothing replaced', () => {
    const [event] = decideLeadRow(existing(null), row(3))
    expect(event).toMatchObject({ type: 'LeadImported', data: { lead: { numberOfDrivers: 3 } } })
    expect(event!.data).not.toHaveProperty('previousLead')
  })
})
