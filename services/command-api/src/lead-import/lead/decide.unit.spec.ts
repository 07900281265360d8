import type { LeadFacts } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { decideLeadRow, evolveLead, leadDecider, sameLeadFacts, type ImportLeadRow, type LeadState } from './decide'

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

describe('a lead row for a new contact', () => {
  it('is one ContactCreated carrying the upload, the row and the facts', () => {
    const events = decideLeadRow(leadDecider.initialState, row(3))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      type: 'ContactCreated',
      data: { name: 'Testline Carriers', statusId: 1, imported: { uploadId: 'u-2', row: 2, lead: facts(3) } },
    })
  })

  it('appends nothing when the same row comes again, and refreshes the facts when they changed', () => {
    const state = decideLeadRow(leadDecider.initialState, row(3)).reduce(evolveLead, leadDecider.initialState)
    expect(state).toMatchObject({ created: true, fields: { name: 'Testline Carriers' }, lead: facts(3) })
    expect(state.fields).not.toHaveProperty('imported')
    expect(decideLeadRow(state, row(3))).toEqual([])
    expect(decideLeadRow(state, row(4))).toMatchObject([
      { type: 'LeadImported', data: { previousLead: { numberOfDrivers: 3 }, lead: { numberOfDrivers: 4 } } },
    ])
  })
})
