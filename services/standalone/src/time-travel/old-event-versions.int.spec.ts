import { POSITION_HEADER } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/** A lessee as LesseeSet carried it before version 2: the address in flat fields. */
const flatLessee = {
  mcNumber: 'MC4411',
  lesseeName: 'Panhandle Leasing',
  lesseeStreet: '12 Rail Yard Rd',
  lesseeCity: 'Amarillo',
  lesseeZip: '79101',
  lesseeState: 'TX',
  lesseePhone: '(806) 555-0142',
  lesseeOwnerName: 'Dale Ames',
  lesseeMC: null,
  lesseeContactId: null,
}

/**
 * A store written with the old shape (docs/decisions/034): a version-1 LesseeSet appended as it was written then.
 * Every reader sees version 2: the decider (it can remove the lessee it folded), the read models (the contact's
 * lessee on the API), the export and time travel; the stored row stays as written.
 */
describe.each(databaseTargets())('an event of an old version read as the current one on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let contactId: string
  let setAt: string
  let written: string

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.actor('Ada Admin', ['admin', 'analyst', 'executive', 'manager'])
    contactId = await s.createContact(admin, { name: 'Old Shape Freight' })
    const version = (await s.store.readStream(`contact-${contactId}`)).length
    const commandId = randomUUID()
    const appended = await s.store.appendToStream(
      `contact-${contactId}`,
      [
        {
          eventId: randomUUID(),
          type: 'LesseeSet',
          data: { contactId, lessee: flatLessee },
          schemaVersion: 1,
          metadata: {
            commandId,
            userId: admin.userId,
            divisionId: 15,
            correlationId: commandId,
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedVersion: version },
    )
    setAt = new Date(Date.now() + 1000).toISOString()
    // Read-your-writes for the event appended behind the API's back.
    written = appended.position
    await admin.raw('GET', `/contacts/${contactId}`, undefined, { 'x-min-position': written })
  }, 900_000)
  afterAll(() => s.close())

  it('stays as written in the store', async () => {
    const { rows } = await sql<{ schema_version: number; data: { lessee: Record<string, unknown> } }>`
      select schema_version, data from events where stream_id = ${`contact-${contactId}`} and type = 'LesseeSet'`.execute(
      s.database.db,
    )
    expect(rows[0]!.schema_version).toBe(1)
    expect(rows[0]!.data.lessee.lesseeStreet).toBe('12 Rail Yard Rd')
    expect(rows[0]!.data.lessee).not.toHaveProperty('address')
  })

  it('reads as version 2 from the store, in the export and in the read models', async () => {
    const events = await s.store.readStream(`contact-${contactId}`)
    const set = events.find((e) => e.type === 'LesseeSet')!
    expect(set.schemaVersion).toBe(2)
    expect((set.data as { lessee: unknown }).lessee).toMatchObject({
      address: { street: '12 Rail Yard Rd', city: 'Amarillo', state: 'TX', zip: '79101' },
    })

    const exported = await admin.raw(
      'GET',
      `/events/export?types=LesseeSet&streamPrefix=contact-${contactId}`,
      undefined,
      { 'x-min-position': written },
    )
    const line = JSON.parse(exported.body.trim().split('\n')[0]!)
    expect(line.data.lessee.address.city).toBe('Amarillo')
    expect(line.data.lessee).not.toHaveProperty('lesseeCity')

    const contact = (await admin.get(`/contacts/${contactId}`)).json()
    expect(contact.lessee).toMatchObject({
      lesseeStreet: '12 Rail Yard Rd',
      lesseeCity: 'Amarillo',
      lesseeZip: '79101',
    })
  })

  it('reads as version 2 in time travel and in the deciders', async () => {
    const past = await admin.get(`/contacts/${contactId}?asOf=${encodeURIComponent(setAt)}`)
    expect(past.statusCode).toBe(200)
    expect(JSON.stringify(past.json())).not.toContain('lesseeStreet')

    // The decider folds the old event: it knows there is a lessee to remove.
    const removed = await admin.delete(`/contacts/remove-lessee-contact/${contactId}`)
    expect(removed.statusCode, removed.body).toBeLessThan(300)
    expect(removed.headers[POSITION_HEADER]).toBeTruthy()
    expect((await admin.get(`/contacts/${contactId}`)).json().lessee).toBeNull()
  })
})
