import { messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

describe.each(databaseTargets())('contact details, membership, duplicates and combine over HTTP on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let rep: Actor
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    manager = await s.actor('Mona Manager', ['call', 'manager', 'change-contact-status'])
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
  })
  afterAll(() => s.close())

  it('edits a contact: only sent fields change', async () => {
    const id = await s.createContact(rep, { dba: 'Old', address: { city: 'Dallas', state: 'TX' } })
    expect((await rep.patch(`/contacts/${id}`, { dba: 'New', address: { city: 'Austin' } })).statusCode).toBe(200)
    const contact = (await rep.get(`/contacts/${id}`)).json()
    expect(contact).toMatchObject({ dba: 'New', name: 'Lifecycle Freight', address: { city: 'Austin', state: 'TX' } })
    expect((await rep.patch(`/contacts/${id}`, { email: 'nope' })).json().errors.email).toBe('Invalid Email!')
  })

  it('raises, lists and resolves red flags; the list row counts the open ones', async () => {
    const id = await s.createContact(rep, { name: 'Flagged Freight' })
    expect((await rep.post('/contacts/createContactsRedFlags', { contactId: id, note: '' })).json().errors.note).toBe(
      messages.enterNote,
    )
    const flag = (await rep.post('/contacts/createContactsRedFlags', { contactId: id, note: 'Late payments' })).json()
    await rep.post('/contacts/createContactsRedFlags', { contactId: id, note: 'Bounced check' })
    expect((await rep.get(`/contacts/${id}`)).json().openedFlags).toBe(2)
    expect(
      (await rep.patch(`/contacts/updateRedFlag/${flag.id}`, { contactId: id, resolution: 'Paid' })).statusCode,
    ).toBe(200)
    const again = await rep.patch(`/contacts/updateRedFlag/${flag.id}`, { contactId: id })
    expect(again.json().title).toBe(messages.redFlagAlreadyResolved)
    const flags = (await rep.get(`/contacts/getAllRedFlags/${id}`)).json()
    expect(flags.map((f: { note: string; status: number }) => [f.note, f.status])).toEqual([
      ['Bounced check', 1],
      ['Late payments', 2],
    ])
    const list = (
      await rep.get(`/contacts?options=${encodeURIComponent(JSON.stringify({ filter: { name: 'Flagged' } }))}`)
    ).json()
    expect(list.rows[0].openedFlags).toBe(1)
  })

  it('additional contacts, private personal notes, out of business and business cards', async () => {
    const id = await s.createContact(rep)
    const added = await rep.post('/contactsAdditional', {
      contactId: id,
      contactPerson: 'Jo Dispatch',
      email: 'jo@example.com',
    })
    expect(added.statusCode).toBe(201)
    await rep.patch(`/contactsAdditional/${added.json().id}`, { contactId: id, contactPerson: 'Jo Dispatcher' })
    expect((await rep.get(`/contactsAdditional/contact/${id}`)).json()).toMatchObject([
      { contactPerson: 'Jo Dispatcher' },
    ])

    const note = (await rep.post('/contact-personal-notes', { contactId: id, note: 'Call after 3pm' })).json()
    expect((await rep.get(`/contact-personal-notes?contactId=${id}`)).json()).toMatchObject([
      { note: 'Call after 3pm' },
    ])
    expect((await manager.get(`/contact-personal-notes?contactId=${id}`)).json()).toEqual([])
    // Nor through the contact's history, which shows each event's data: only the author sees their note there.
    const historyOf = async (who: typeof rep) => JSON.stringify((await who.get(`/contacts/history/${id}`)).json())
    expect(await historyOf(rep)).toContain('Call after 3pm')
    expect(await historyOf(manager)).not.toContain('Call after 3pm')
    expect(await historyOf(manager)).not.toContain('PersonalNote')
    expect((await manager.delete(`/contact-personal-notes/${note.id}?contactId=${id}`)).statusCode).toBe(403)
    expect((await rep.delete(`/contact-personal-notes/${note.id}?contactId=${id}`)).statusCode).toBe(200)

    expect((await rep.post('/contacts/createOutOfBusiness', { contactId: id })).statusCode).toBe(200)
    expect((await rep.get(`/contacts/${id}`)).json().outOfBusiness).toBe(true)

    const boundary = 'x-boundary'
    // A card must be an image or a PDF by its bytes: a PNG's signature, then anything.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('PNGDATA')])
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await rep.raw('POST', `/contacts/upload-business-card/${id}`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
    expect(upload.statusCode).toBe(200)
    const cards = (await rep.get(`/contacts/${id}`)).json().businessCards
    expect(cards).toMatchObject([{ fileName: 'card.png', contentType: 'image/png', size: png.length }])
    const removed = await rep.delete(
      `/contacts/delete-business-card?documentKey=${cards[0].documentKey}&contactId=${id}`,
    )
    expect(removed.statusCode).toBe(200)
    expect((await rep.get(`/contacts/${id}`)).json().businessCards).toEqual([])
  })

  it('lessees: search needs an MC, an MC of another contact is refused, change and remove', async () => {
    const id = await s.createContact(rep)
    await s.createContact(rep, { name: 'Owner Of MC77', mcNumber: 'MC77' })
    expect((await rep.get('/contacts/lessee/%20')).json().errors.mcNumber).toBe(messages.lesseeSearchNeedsMc)
    const taken = await rep.post('/contacts/create/lessee', { contactId: id, mcNumber: 'MC77', lesseeName: 'X' })
    expect(taken.json().errors.mcNumber).toBe('Contact with that MC Number already exists!')
    expect(
      (await rep.post('/contacts/create/lessee', { contactId: id, mcNumber: 'MC88', lesseeName: 'New Lessor' }))
        .statusCode,
    ).toBe(200)
    expect((await rep.patch(`/contacts/lessee/${id}`, { mcNumber: 'MC89', lesseeName: 'Changed' })).statusCode).toBe(
      200,
    )
    expect((await rep.get(`/contacts/${id}`)).json().lessee).toMatchObject({ mcNumber: 'MC89', lesseeName: 'Changed' })
    expect((await rep.get('/contacts/all-lessee')).json()[0]).toMatchObject({ contactId: id, mcNumber: 'MC89' })
    expect((await rep.delete(`/contacts/remove-lessee-contact/${id}`)).statusCode).toBe(200)
    expect((await rep.get(`/contacts/${id}`)).json().lessee).toBeNull()
  })

  it('assign and unassign: messages, self-only without assign-any, anyone with it', async () => {
    const id = await s.createContact(rep, { assigned: null })
    const assign = (as: Actor, body: object) =>
      as.post('/contacts/assignUser', { model: {}, ids: [], divisionId: 15, ...body })
    expect((await assign(rep, { model: { assigned: rep.userId } })).json().errors.ids).toBe('Please Select Contact')
    expect((await assign(rep, { ids: [id] })).json().errors['model.assigned']).toBe('Please select User')
    expect((await assign(rep, { ids: [id], model: { assigned: manager.userId } })).statusCode).toBe(403)
    expect((await assign(rep, { ids: [id], model: { assigned: rep.userId } })).json()).toMatchObject({ done: 1 })
    const stranger = await s.actor('Sam Stranger', ['call'])
    // docs/product.md 6: without assign-any a user assigns only to themselves, even a manager to their team.
    expect((await assign(manager, { ids: [id], model: { assigned: stranger.userId } })).statusCode).toBe(403)
    expect((await assign(manager, { ids: [id], model: { assigned: rep.userId } })).statusCode).toBe(403)
    const dispatcher = await s.actor('Dana Dispatcher', ['call', 'manager', 'assign-any'])
    expect((await assign(dispatcher, { ids: [id], model: { assigned: stranger.userId } })).json()).toMatchObject({
      done: 1,
    })
    expect(
      (await manager.post('/contacts/unassignContacts', { divisionId: 15, contactIds: [] })).json().errors.contactIds,
    ).toBe('Please select contacts')
    expect((await rep.post('/contacts/unassignContacts', { divisionId: 15, contactIds: [id] })).statusCode).toBe(403)
    expect((await manager.post('/contacts/unassignContacts', { divisionId: 15, contactIds: [id] })).statusCode).toBe(
      200,
    )
    expect((await manager.get(`/contacts/${id}`)).json().contactDivisionData[0].assigned).toBeNull()
  })

  it('assigns many contacts in one write (one batch for the read side); an unknown one fails alone, a repeat appends nothing', async () => {
    const ids = [await s.createContact(rep, { assigned: null }), await s.createContact(rep, { assigned: null })]
    const unknown = '00000000-0000-4000-8000-000000000043'
    const body = { model: { assigned: rep.userId }, ids: [ids[0], unknown, ids[1]], divisionId: 15 }
    const headers = { 'idempotency-key': `bulk-assign-${Date.now()}` }
    const answer = await rep.post('/contacts/assignUser', body, headers)
    expect(answer.json()).toMatchObject({ done: 2, failed: [{ id: unknown }] })
    const assignedEvents = async () =>
      (await Promise.all(ids.map((id) => s.store.readStream(`contact-${id}`))))
        .flat()
        .filter((e) => e.type === 'ContactAssigned')
    const events = await assignedEvents()
    expect(events).toHaveLength(2)
    // A position is the writing transaction, then the place in it: both contacts in one transaction.
    expect(new Set(events.map((e) => e.position.split('-')[0])).size).toBe(1)
    expect((await rep.post('/contacts/assignUser', body, headers)).json()).toMatchObject({ done: 2 })
    expect(await assignedEvents()).toHaveLength(2)
    for (const id of ids)
      expect((await rep.get(`/contacts/${id}`)).json().contactDivisionData[0].assigned).toBe(rep.userId)
  })

  it('finds duplicates by DOT, MC, name, phone and email', async () => {
    const id = await s.createContact(rep, { name: 'Dupe Hauling', dotNumber: '5550001', email: 'dupe@example.com' })
    const existing = (await rep.get('/contacts/existing?dotNumber=5550001&name=Other')).json()
    expect(existing).toMatchObject([{ id, name: 'Dupe Hauling', matchedOn: ['DOT'] }])
    const byEmail = (await rep.get('/contacts/existing?email=DUPE@example.com')).json()
    expect(byEmail[0].matchedOn).toEqual(['Email'])
    const twin = await s.createContact(rep, { name: 'Dupe Hauling' })
    expect((await rep.get(`/contacts/related-entities?contactId=${twin}`)).json()).toMatchObject([
      { id, matchedOn: ['Name'] },
    ])
  })

  it('combines contacts: the survivor takes what was chosen, the absorbed one redirects and its history stays', async () => {
    const a = await s.createContact(rep, { name: 'Combine A', email: 'a@example.com' })
    const b = await s.createContact(rep, { name: 'Combine B', email: 'b@example.com', divisionId: 15 })
    await rep.post('/contacts/createContactsRedFlags', { contactId: b, note: 'From B' })
    expect((await admin.post('/contacts/combine-contacts', { contactIds: [a] })).json().title).toBe(
      messages.combineSelectTwo,
    )
    const sources = { companyInfo: a, contactInfo: b, additionalInfo: a, address: a, redFlag: b }
    const partial = await admin.post('/contacts/combine-contacts', { contactIds: [a, b], sources: { companyInfo: a } })
    expect(partial.json().title).toBe(messages.combineSelectAllInfo)
    const noStatus = await admin.post('/contacts/combine-contacts', { contactIds: [a, b], sources })
    expect(noStatus.json().title).toBe(messages.combineSelectAllStatuses)
    const done = await admin.post('/contacts/combine-contacts', {
      contactIds: [a, b],
      sources,
      statuses: [{ divisionId: 15, contactId: a }],
    })
    expect(done.json()).toMatchObject({ id: a })
    const survivor = (await admin.get(`/contacts/${a}`)).json()
    expect(survivor).toMatchObject({ name: 'Combine A', email: 'b@example.com', openedFlags: 1 })
    expect((await admin.get(`/contacts/${b}`)).json().id).toBe(a)
    const history = (await admin.get(`/contacts/history/${a}`)).json() as { type: string }[]
    expect(history.map((h) => h.type)).toEqual(
      expect.arrayContaining(['ContactsCombined', 'ContactMergedInto', 'RedFlagRaised', 'ContactCreated']),
    )
    // The absorbed contact's own addresses open the survivor's history, timeline and status history.
    expect((await admin.get(`/contacts/history/${b}`)).json()).toEqual(history)
    for (const url of [`/contact-activities-timeline/all?contactId=`, `/contact-divisions/status-changes?contactId=`]) {
      const [forAbsorbed, forSurvivor] = [await admin.get(url + b), await admin.get(url + a)]
      expect(forAbsorbed.statusCode, forAbsorbed.body).toBe(200)
      expect(forAbsorbed.json()).toEqual(forSurvivor.json())
    }
  })

  it('deletes with delete-contact only, one or many', async () => {
    const id = await s.createContact(rep)
    expect((await rep.delete(`/contacts/${id}`)).statusCode).toBe(403)
    expect((await admin.delete(`/contacts/${id}`)).statusCode).toBe(200)
    expect((await admin.get(`/contacts/${id}`)).statusCode).toBe(404)
    expect((await admin.delete('/contacts/multiple', { ids: [] })).json().title).toBe('No contacts selected')
    const [x, y] = [await s.createContact(rep), await s.createContact(rep)]
    expect((await admin.delete('/contacts/multiple', { ids: [x, y] })).json()).toMatchObject({ done: 2 })
  })
})
