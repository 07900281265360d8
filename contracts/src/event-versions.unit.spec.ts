import { describe, expect, it } from 'vitest'
import { lesseeFields, upcastLessee, type LesseeV1 } from './contacts/lessee'
import { eventSchemaVersions, eventUpcasters, upcastEvent } from './event-versions'

const v1: LesseeV1 = {
  mcNumber: 'MC77',
  lesseeName: 'Lone Star Leasing',
  lesseeStreet: '9 Depot Rd',
  lesseeCity: 'Amarillo',
  lesseeZip: '79101',
  lesseeState: 'TX',
  lesseePhone: '(806) 555-0100',
  lesseeOwnerName: 'Dale Ames',
  lesseeMC: 'MC78',
  lesseeContactId: null,
}
const address = { street: '9 Depot Rd', city: 'Amarillo', state: 'TX', zip: '79101' }

describe('event upcasters', () => {
  it('reads a version-1 LesseeSet (flat address) as version 2 (structured address)', () => {
    const read = eventUpcasters.LesseeSet!({
      type: 'LesseeSet',
      data: { contactId: 'c', lessee: v1 },
      schemaVersion: 1,
    })
    expect(read.schemaVersion).toBe(eventSchemaVersions.LesseeSet)
    expect(read.data).toEqual({
      contactId: 'c',
      lessee: {
        mcNumber: 'MC77',
        lesseeName: 'Lone Star Leasing',
        address,
        lesseePhone: '(806) 555-0100',
        lesseeOwnerName: 'Dale Ames',
        lesseeMC: 'MC78',
        lesseeContactId: null,
      },
    })
  })

  it('upcasts the lessee of a conversion to Account, and a conversion without one as it is', () => {
    const converted = { contactId: 'c', divisionId: 15, fromStatusId: 2, toStatusId: 3, lessee: v1 }
    expect(upcastEvent({ type: 'ContactConverted', data: converted }).data).toMatchObject({ lessee: { address } })
    const plain = { ...converted, lessee: null }
    expect(upcastEvent({ type: 'ContactConverted', data: plain }).data).toEqual(plain)
  })

  it('leaves data already in the current shape as it is, and other types untouched', () => {
    const current = upcastLessee(v1)
    expect(upcastLessee(current)).toBe(current)
    const event = { type: 'LesseeSet', data: { contactId: 'c', lessee: current } }
    expect(upcastEvent(event, 2).data).toEqual(event.data)
    const other = { type: 'ContactDeleted', data: { contactId: 'c' } }
    expect(upcastEvent(other)).toBe(other)
  })

  it('gives the API its flat fields back from either version', () => {
    expect(lesseeFields(v1)).toEqual(v1)
    expect(lesseeFields(upcastLessee(v1))).toEqual(v1)
  })
})
