import { MIN_POSITION_HEADER } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

const mustBeUs = (label: string) => `${label} must be a US phone number like (555) 123-4567`

/**
 * Phone numbers over HTTP (docs/decisions/049): every phone field of a command is written in the mask
 * (999) 999-9999 or refused naming the field; what was stored before the rule reads back as it was.
 */
describe.each(databaseTargets())('phone numbers over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let contactId: string

  const contact = async (id: string) => {
    const response = await rep.get(`/contacts/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Record<string, unknown>
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Pat Phones', ['call'])
    contactId = await s.createContact(rep, { name: 'Dial Tone Freight' })
  }, 120_000)
  afterAll(() => s.close())

  it('POST /contacts refuses "call me maybe" as a business phone, naming the field, and creates nothing', async () => {
    const refused = await rep.post('/contacts', {
      name: 'Maybe Freight',
      organizationTypeId: 7,
      businessPhone: 'call me maybe',
      mobilePhone: '555-1234',
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().errors).toEqual({
      businessPhone: mustBeUs('Business phone'),
      mobilePhone: mustBeUs('Mobile phone'),
    })
    const found = await rep.get('/contacts/quick-search?q=Maybe%20Freight')
    expect(found.statusCode, found.body).toBe(200)
    expect((found.json() as { name: string }[]).map((hit) => hit.name)).not.toContain('Maybe Freight')
  })

  it('POST /contacts and PATCH /contacts/{id} store the ways people type a US number in the mask', async () => {
    const id = await s.createContact(rep, {
      name: 'Masked Freight',
      businessPhone: '+1 555 123 4567',
      mobilePhone: '555.123.4568',
      homePhone: '1-555-123-4569',
      saferPhone: '5551234570',
    })
    expect(await contact(id)).toMatchObject({
      businessPhone: '(555) 123-4567',
      mobilePhone: '(555) 123-4568',
      homePhone: '(555) 123-4569',
      saferPhone: '(555) 123-4570',
    })
    const edited = await rep.patch(`/contacts/${id}`, { mobilePhone: '(555)123-4599', saferMobilePhone: '' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await contact(id)).toMatchObject({ mobilePhone: '(555) 123-4599' })
    const refused = await rep.patch(`/contacts/${id}`, { homePhone: '555-123-4567 x12' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({
      homePhone: 'Home phone must be a US phone number like (555) 123-4567, without an extension',
    })
    expect(await contact(id)).toMatchObject({ homePhone: '(555) 123-4569' })
  })

  it('POST /ts-dealers refuses a phone that is not one; a dealer still needs one', async () => {
    const bad = await rep.post('/ts-dealers', { name: 'Maybe Trucks', organizationTypeId: 7, businessPhone: 'call me' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ businessPhone: mustBeUs('Phone Number') })
    const missing = await rep.post('/ts-dealers', { name: 'Maybe Trucks', organizationTypeId: 7, businessPhone: ' ' })
    expect(missing.json().errors).toEqual({ businessPhone: 'Phone Number cannot be empty.' })
    const added = await rep.post('/ts-dealers', {
      name: 'Masked Trucks',
      organizationTypeId: 7,
      businessPhone: '214.555.0177',
    })
    expect(added.statusCode, added.body).toBe(201)
    expect((await rep.get(`/ts-dealers/${added.json().id}`)).json()).toMatchObject({ businessPhone: '(214) 555-0177' })
  })

  it('additional contacts, the lessee and the profile take a US number or answer 400 naming the field', async () => {
    const person = { contactId, contactPerson: 'Dee Dispatch' }
    const badPerson = await rep.post('/contactsAdditional', { ...person, mobilePhone: 'after 5pm' })
    expect(badPerson.statusCode).toBe(400)
    expect(badPerson.json().errors).toEqual({ mobilePhone: mustBeUs('Mobile phone') })
    const added = await rep.post('/contactsAdditional', { ...person, businessPhone: '555 123 4580' })
    expect(added.statusCode, added.body).toBe(201)

    const badLessee = await rep.post('/contacts/create/lessee', { contactId, mcNumber: 'MC4501', lesseePhone: '12' })
    expect(badLessee.statusCode).toBe(400)
    expect(badLessee.json().errors).toEqual({ lesseePhone: mustBeUs('Lessee phone') })

    const badProfile = await rep.patch('/users/me', { activePhone: 'desk', officeExt: '101' })
    expect(badProfile.statusCode).toBe(400)
    expect(badProfile.json().errors).toEqual({ activePhone: mustBeUs('Active phone') })
    const profile = await rep.patch('/users/me', { activePhone: '312-555-0100', phoneNumber: '+13125550101' })
    expect(profile.statusCode, profile.body).toBe(200)
    expect((await rep.get('/users/me')).json()).toMatchObject({
      activePhone: '(312) 555-0100',
      phoneNumber: '(312) 555-0101',
    })
  })

  it('a phone stored before the rule reads back as it was', async () => {
    const occurredAt = new Date().toISOString()
    const commandId = `old-phone-${contactId}`
    const result = await s.store.appendToStream(
      `contact-${contactId}`,
      [
        {
          eventId: randomUUID(),
          type: 'ContactUpdated',
          data: { contactId, changes: { businessPhone: 'call me maybe' } },
          metadata: {
            commandId,
            userId: rep.userId,
            divisionId: 15,
            correlationId: commandId,
            causationId: null,
            occurredAt,
          },
        },
      ],
      { expectedVersion: 'any' },
    )
    const read = await rep.raw('GET', `/contacts/${contactId}`, undefined, { [MIN_POSITION_HEADER]: result.position })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ businessPhone: 'call me maybe' })
    // An edit of another field leaves it as it is; sending it again is held to the rule.
    expect((await rep.patch(`/contacts/${contactId}`, { dba: 'Old Number' })).statusCode).toBe(200)
    expect(await contact(contactId)).toMatchObject({ businessPhone: 'call me maybe', dba: 'Old Number' })
  })
})
