import { ERASED, rolePresets } from '@crm/contracts'
import { createPostgresEventStore } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { columnsHolding } from '../testing/find-values'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

/** Values no other test writes: found anywhere after the erasure, they leaked. */
const personal = {
  name: 'Zephyrine Quillhaven Haulage',
  dba: 'Quillhaven Express',
  ownerName: 'Orlanda Quixby',
  email: 'orlanda.quixby@example.test',
  businessPhone: '(555) 010-7431',
  mobilePhone: '(555) 010-7432',
  homePhone: '(555) 010-7433',
  address: { street1: '77 Quixby Hollow Lane', city: 'Billings', state: 'MT', zip: '59871-4402' },
}
const edited = { ownerName: 'Orlanda Quixby-Marsh' }
const additional = {
  contactPerson: 'Penwick Astorvel',
  email: 'penwick.astorvel@example.test',
  businessPhone: '(555) 010-7434',
  mobilePhone: null,
}
/** Written in clear before sealing existed (an old event), through a store that does not seal. */
const oldClear = { contactPerson: 'Tamsin Vellacourt', email: 'tamsin.vellacourt@example.test' }

const leakable = [
  personal.name,
  personal.dba,
  personal.ownerName,
  personal.email,
  '010-7431',
  '010-7432',
  '010-7433',
  personal.address.street1,
  '59871-4402',
  edited.ownerName,
  additional.contactPerson,
  additional.email,
  '010-7434',
  oldClear.contactPerson,
  oldClear.email,
]

/**
 * Erasure of personal data by crypto-shredding (docs/decisions/035): after it, no table of the database, no export
 * line and no time-travel view holds any of the erased values, and rebuilding every read model keeps it so;
 * statuses and the record's existence stay.
 */
describe.each(databaseTargets())('erasing a contact’s personal data on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let rep: Actor
  let contactId: string
  let beforeErasure: string

  const leaks = () => columnsHolding(s.database.db, leakable)

  beforeAll(async () => {
    s = await createLifecycleStack(target, { jobs: true })
    admin = await s.actor('Ada Admin', rolePresets.admin)
    rep = await s.actor('Rita Rep', [])
    contactId = await s.createContact(rep, { ...personal, dotNumber: '3310457' })
    expect((await rep.patch(`/contacts/${contactId}`, edited)).statusCode).toBe(200)
    const added = await rep.post('/contactsAdditional', { contactId, ...additional })
    expect(added.statusCode).toBe(201)
    const status = await rep.post('/contacts/createOutOfBusiness', { contactId, note: 'Parked the trucks' })
    expect(status.statusCode).toBe(200)
    const mail = await rep.post('/emails/send-email', {
      contactId,
      subject: 'Financing for {{contact.name}}',
      body: '<p>Hello {{contact.ownerName}}, your lease is ready.</p>',
    })
    expect(mail.statusCode, mail.body).toBe(201)
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox`.execute(s.database.db)
      if (rows[0]!.n > 0) break
      await new Promise((r) => setTimeout(r, 100))
    }

    // An event of the days before sealing: appended in clear by a store that does not seal.
    const clearStore = await createPostgresEventStore(s.database, { sealPersonalData: false })
    const stream = `contact-${contactId}`
    const commandId = randomUUID()
    const appended = await clearStore.appendToStream(
      stream,
      [
        {
          eventId: randomUUID(),
          type: 'AdditionalContactAdded',
          data: { contactId, additionalContactId: randomUUID(), businessPhone: null, mobilePhone: null, ...oldClear },
          metadata: {
            commandId,
            userId: rep.userId,
            divisionId: 15,
            correlationId: commandId,
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedVersion: (await s.store.readStream(stream)).length },
    )
    await admin.raw('GET', `/contacts/${contactId}`, undefined, { 'x-min-position': appended.position })
    beforeErasure = new Date().toISOString()
    await new Promise((r) => setTimeout(r, 20))
  }, 900_000)
  afterAll(() => s?.close())

  it('keeps the sealed values out of the store, and reads them back before the erasure', async () => {
    // The search below finds them while they are there: it is not blind.
    expect((await leaks()).length).toBeGreaterThan(10)
    expect((await leaks()).some((leak) => leak.startsWith('mail_outbox.'))).toBe(true)
    const { rows } = await sql<{ data: string }>`
      select data::text from events where stream_id = ${`contact-${contactId}`} and type = 'ContactCreated'`.execute(
      s.database.db,
    )
    expect(rows[0]!.data).not.toContain(personal.ownerName)
    expect(rows[0]!.data).toContain('$personal')
    const contact = (await rep.get(`/contacts/${contactId}`)).json()
    expect(contact).toMatchObject({ name: personal.name, ownerName: edited.ownerName, email: personal.email })
    const [created] = await s.store.readStream(`contact-${contactId}`)
    expect(created!.data).toMatchObject({ ownerName: personal.ownerName, address: personal.address })
    expect(created!.data).not.toHaveProperty('$personal')
  })

  it('is an administrator’s, answers 404 for a contact that does not exist, and refuses a bad body', async () => {
    expect((await rep.post(`/contacts/erase-personal-data/${contactId}`, {})).statusCode).toBe(403)
    expect((await admin.post(`/contacts/erase-personal-data/${randomUUID()}`, {})).statusCode).toBe(404)
    expect((await admin.post(`/contacts/erase-personal-data/${contactId}`, { reason: 7 })).statusCode).toBe(400)
    expect((await rep.get(`/contacts/${contactId}`)).json().name).toBe(personal.name)
  })

  it('leaves no erased value in any table, export or time-travel view; statuses and history stay', async () => {
    const before = {
      contact: (await rep.get(`/contacts/${contactId}`)).json(),
      activities: (await rep.get(`/activity/activities-by-contact/${contactId}`)).json() as unknown[],
      history: (await rep.get(`/contacts/history/${contactId}`)).json() as unknown[],
    }
    const erase = await admin.post(`/contacts/erase-personal-data/${contactId}`, { reason: 'CCPA request 2211' })
    expect(erase.statusCode).toBe(200)

    const contact = (await rep.get(`/contacts/${contactId}`)).json()
    // What is not personal stays as it was: the standing in each division, the flags, every activity and line
    // of history (and one line more: the erasure, audited).
    expect(contact.contactDivisionData).toEqual(before.contact.contactDivisionData)
    expect(contact.outOfBusiness).toBe(true)
    expect((await rep.get(`/activity/activities-by-contact/${contactId}`)).json()).toHaveLength(
      before.activities.length,
    )
    const history = (await rep.get(`/contacts/history/${contactId}`)).json() as { summary: string }[]
    expect(history).toHaveLength(before.history.length + 1)
    expect(history.map((h) => h.summary)).toContain('Erased the personal data of the contact (CCPA request 2211)')
    expect(contact).toMatchObject({ name: ERASED, ownerName: ERASED, email: ERASED, dotNumber: '3310457' })
    expect(contact.address).toMatchObject({ street1: ERASED, city: 'Billings', state: 'MT', zip: ERASED })
    expect(await leaks()).toEqual([])

    const exported = await admin.get(`/events/export?streamPrefix=${encodeURIComponent(`contact-${contactId}`)}`)
    expect(exported.statusCode).toBe(200)
    const lines = exported.body.trim().split('\n')
    expect(lines.map((l) => JSON.parse(l).type)).toContain('PersonalDataErased')
    for (const value of leakable) expect(exported.body.toLowerCase()).not.toContain(value.toLowerCase())

    const past = await rep.get(`/contacts/${contactId}?asOf=${encodeURIComponent(beforeErasure)}`)
    expect(past.statusCode).toBe(200)
    expect(past.json().name).toBe(ERASED)
    const pastHistory = await rep.get(`/contacts/history/${contactId}?asOf=${encodeURIComponent(beforeErasure)}`)
    for (const value of leakable) expect(pastHistory.body.toLowerCase()).not.toContain(value.toLowerCase())
  })

  it('stays erased when every read model is rebuilt from the store', async () => {
    const { rows } = await sql<{ name: string }>`select distinct name from projection_checkpoints`.execute(
      s.database.db,
    )
    for (const { name } of rows) expect((await admin.post(`/read-models/${name}/rebuild`)).statusCode).toBe(202)
    const done = async () => {
      const health = (await admin.get('/health')).json() as { rebuilds?: { name: string; state: string }[] }
      return rows.every(({ name }) => health.rebuilds?.some((r) => r.name === name && r.state === 'done'))
    }
    for (let i = 0; i < 1200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 100))
    expect(await done()).toBe(true)
    expect(await leaks()).toEqual([])
    expect((await rep.get(`/contacts/${contactId}`)).json().name).toBe(ERASED)
  })

  it('seals what is given after the erasure under a new key', async () => {
    expect((await rep.patch(`/contacts/${contactId}`, { name: 'Quillhaven Freight Two' })).statusCode).toBe(200)
    expect((await rep.get(`/contacts/${contactId}`)).json()).toMatchObject({
      name: 'Quillhaven Freight Two',
      ownerName: ERASED,
    })
  })
})
