import { messages, type ContactEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { contactId, created, given, executive, rep } from '../testing/contact-given'
import type { CombineContactsCommand } from './commands'

const otherId = '1c7f8a52-9a0e-4c1e-8a51-6f1d2c3b4a60'
const survivor = [
  ...created({ name: 'Acme Trucking', email: 'a@acme.example', address: { city: 'Dallas' } }),
  { type: 'RedFlagRaised', data: { contactId, redFlagId: 'f1', divisionId: 15, note: 'Late' } },
] as ContactEvent[]
const absorbedEvents = [
  ...created({ name: 'Acme Trucking LLC', email: 'ops@acme.example', divisionId: 2, statusId: 2 }, otherId),
  {
    type: 'AdditionalContactAdded',
    data: {
      contactId: otherId,
      additionalContactId: 'ac-9',
      contactPerson: 'Jo',
      email: null,
      businessPhone: null,
      mobilePhone: null,
    },
  },
] as ContactEvent[]
const absorbed = given(absorbedEvents).state

const combine = (patch: Partial<CombineContactsCommand> = {}): CombineContactsCommand => ({
  type: 'CombineContacts',
  actor: rep,
  absorbed: [{ contactId: otherId, profile: absorbed.profile!, state: absorbed }],
  sources: {
    companyInfo: contactId,
    contactInfo: otherId,
    additionalInfo: otherId,
    address: contactId,
    redFlag: contactId,
  },
  statuses: [
    { divisionId: 15, contactId },
    { divisionId: 2, contactId: otherId },
  ],
  ...patch,
})

describe('contact decider: CombineContacts', () => {
  it('records on the survivor what came from where', () => {
    const [event] = given(survivor).then(combine())
    expect(event).toMatchObject({
      type: 'ContactsCombined',
      data: {
        contactId,
        absorbedContactIds: [otherId],
        sources: { companyInfo: contactId, contactInfo: otherId },
        profile: { name: 'Acme Trucking', email: 'ops@acme.example', address: { city: 'Dallas' } },
        divisionStatuses: [
          { divisionId: 2, sourceContactId: otherId, fromStatusId: null, toStatusId: 2 },
          { divisionId: 15, sourceContactId: contactId, fromStatusId: 1, toStatusId: 1 },
        ],
        additionalContacts: [{ additionalContactId: 'ac-9', contactPerson: 'Jo', sourceContactId: otherId }],
        redFlags: [{ redFlagId: 'f1', sourceContactId: contactId }],
      },
    })
    const after = given([...survivor, event!]).state
    expect(Object.keys(after.divisions)).toEqual(['2', '15'])
  })

  it('needs two or more contacts, every kind of information and every status', () => {
    expect(given(survivor).when(combine({ absorbed: [] }))).toThrow(messages.combineSelectTwo)
    expect(given(survivor).when(combine({ sources: { companyInfo: contactId } }))).toThrow(
      messages.combineSelectAllInfo,
    )
    expect(given(survivor).when(combine({ statuses: [{ divisionId: 15, contactId }] }))).toThrow(
      messages.combineSelectAllStatuses,
    )
    // A status must come from a contact that is in that division.
    expect(
      given(survivor).when(
        combine({
          statuses: [
            { divisionId: 15, contactId: otherId },
            { divisionId: 2, contactId: otherId },
          ],
        }),
      ),
    ).toThrow(messages.combineSelectAllStatuses)
  })

  it('retires an absorbed contact once', () => {
    const merge = { type: 'MergeContactInto', actor: executive, survivorId: contactId } as const
    const events = given(absorbedEvents).then(merge)
    expect(events).toEqual([{ type: 'ContactMergedInto', data: { contactId: otherId, survivorId: contactId } }])
    expect(given([...absorbedEvents, ...events]).then(merge)).toEqual([])
  })
})
