import { DomainError } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { contactId, created, given, rep } from '../testing/contact-given'
import { contactAlreadyExists } from './decide'

describe('contact decider: CreateContact', () => {
  it('creates a Lead in the author’s division, assigned to the author, by default', () => {
    expect(created()).toEqual([
      {
        type: 'ContactCreated',
        data: expect.objectContaining({
          contactId,
          name: 'Acme Trucking',
          organizationTypeId: 7,
          contactCategory: 1,
          divisionId: 15,
          statusId: 1,
          assigned: rep.userId,
          importDate: null,
        }),
      },
    ])
  })

  it('keeps an explicit division, status and "unassigned"', () => {
    const [event] = created({ divisionId: 2, statusId: 2, assigned: null })
    expect(event?.data).toMatchObject({ divisionId: 2, statusId: 2, assigned: null })
  })

  it('stores blank optional texts as null', () => {
    const [event] = created({ email: '', dba: '  ', address: { city: '', state: 'TX' } })
    expect(event?.data).toMatchObject({ email: null, dba: null, address: { city: null, state: 'TX' } })
  })

  it('rates the effort level from the trucks for an auto-rated company type', () => {
    expect(created({ companyTypeId: 1, numberOfTrucks: 40 })[1]).toEqual({
      type: 'ContactEffortLevelSet',
      data: { contactId, divisionId: 15, effortLevel: 123, auto: true },
    })
  })

  it('refuses to create the same contact twice', () => {
    const then = given(created()).when({
      type: 'CreateContact',
      contactId,
      data: { name: 'x', organizationTypeId: 7, contactCategory: 1, statusId: 1 },
      actor: rep,
    })
    expect(then).toThrow(DomainError)
    expect(then).toThrow(contactAlreadyExists)
  })
})
