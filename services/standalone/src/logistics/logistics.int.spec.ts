import { loadMessages, logisticsMessages, messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const LOGISTICS = 3
const list = (name: string, filter: object = {}) =>
  `/customers-logistic/${name}?options=${encodeURIComponent(JSON.stringify({ filter }))}`
const names = (response: { json(): { rows: { name: string }[] } }) =>
  response
    .json()
    .rows.map((r) => r.name)
    .sort()

describe.each(databaseTargets())('logistics customers and their loads over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  let salesRep: Actor
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Lou Logistics', ['call', 'manager', 'delete-contact'], { divisionId: LOGISTICS })
    rep = await s.actor('Lara Loads', ['call'], { divisionId: LOGISTICS, managerId: manager.userId })
    otherRep = await s.actor('Otto Other', ['call'], { divisionId: LOGISTICS })
    salesRep = await s.actor('Sam Sales', ['call'])
  }, 120_000)
  afterAll(() => s.close())

  const create = async (as: Actor, body: Record<string, unknown>) => {
    const response = await as.post('/customers-logistic', { organizationTypeId: 7, ...body })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().message).toBe(logisticsMessages.customerCreated)
    return response.json().id as string
  }

  it('creates customers in the logistics division only, and serves each list at its path', async () => {
    const lead = await create(rep, { name: 'Lead Lines' })
    await create(rep, { name: 'Prospect Parcels', statusId: 2 })
    await create(rep, { name: 'Account Axles', statusId: 3 })
    await create(rep, { name: 'Pending Pallets', statusId: 8 })
    expect((await salesRep.post('/customers-logistic', { name: 'Nope', organizationTypeId: 7 })).statusCode).toBe(403)
    expect((await rep.post('/customers-logistic', { organizationTypeId: 7 })).json().errors.name).toBe(
      messages.contactNameRequired,
    )
    const customer = (await rep.get(`/customers-logistic/${lead}`)).json()
    expect(customer).toMatchObject({ name: 'Lead Lines', contactCategory: 3, isRfp: false })
    expect(customer.contactDivisionData).toMatchObject([{ divisionId: LOGISTICS, statusId: 1 }])
    expect(names(await rep.get(list('all')))).toEqual([
      'Account Axles',
      'Lead Lines',
      'Pending Pallets',
      'Prospect Parcels',
    ])
    expect(names(await rep.get(list('leads')))).toEqual(['Lead Lines'])
    expect(names(await rep.get(list('prospects')))).toEqual(['Prospect Parcels'])
    expect(names(await rep.get(list('accounts')))).toEqual(['Account Axles'])
    expect(names(await rep.get(list('pending-accounts')))).toEqual(['Pending Pallets'])
    expect((await rep.get('/customers-logistic/all/count')).json()).toEqual({ total: 4, timedOut: false })
    // Another rep of the division sees none of them; a rep of another division has no logistics customers.
    expect(names(await otherRep.get(list('all')))).toEqual([])
    expect(names(await salesRep.get(list('all')))).toEqual([])
    expect((await otherRep.get(`/customers-logistic/${lead}`)).statusCode).toBe(404)
    // A contact of another division is no logistics customer.
    const salesContact = await s.createContact(salesRep, { name: 'Sales Only' })
    expect((await salesRep.get(`/customers-logistic/${salesContact}`)).statusCode).toBe(404)
    expect((await salesRep.patch(`/customers-logistic/${salesContact}`, { dba: 'X' })).statusCode).toBe(404)
  })

  it('switches RFP on at Prospect only, dated today, and lists it under rfp', async () => {
    const lead = await create(rep, { name: 'Rfp Lead' })
    const prospect = await create(rep, { name: 'Rfp Prospect', statusId: 2 })
    const refused = await rep.patch(`/customers-logistic/${lead}`, { isRfp: true })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.isRfp).toBe('RFP is offered only for Prospect customers')
    const switched = await rep.patch(`/customers-logistic/${prospect}`, { isRfp: true, isMfp: true })
    expect(switched.statusCode, switched.body).toBe(200)
    expect(switched.json().message).toBe(logisticsMessages.customerUpdated)
    const today = new Date().toISOString().slice(0, 10)
    expect((await rep.get(`/customers-logistic/${prospect}`)).json()).toMatchObject({
      isRfp: true,
      rfpDate: today,
      isMfp: true,
      mfpDate: today,
    })
    expect(names(await rep.get(list('rfp')))).toEqual(['Rfp Prospect'])
    // The toggle lists' rows say since when (the Since column).
    expect((await rep.get(list('rfp'))).json().rows[0]).toMatchObject({
      rfpDate: today,
      mfpDate: today,
      creditAppDate: null,
    })
    expect(names(await rep.get(list('mfp')))).toEqual(['Rfp Prospect'])
    expect((await rep.patch(`/customers-logistic/${prospect}`, {})).json().title).toBe('Nothing to change')
  })

  it('holds the toggle rule on the generic contact edit too, serves the toggle lists and words the history', async () => {
    const lead = await create(rep, { name: 'Generic Lead' })
    const account = await create(rep, { name: 'Generic Account', statusId: 3 })
    const refused = await rep.patch(`/contacts/${lead}`, { isRfp: true, isOnlineForm: true })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({
      isRfp: 'RFP is offered only for Prospect customers',
      isOnlineForm: 'Online Form is offered only for Prospect, Account, Pending customers',
    })
    expect((await rep.patch(`/contacts/${account}`, { isRfp: true })).json().errors.isRfp).toBe(
      'RFP is offered only for Prospect customers',
    )
    const switched = await rep.patch(`/contacts/${account}`, { isOnlineForm: true, isCreditApp: true })
    expect(switched.statusCode, switched.body).toBe(200)
    expect(names(await rep.get(list('online-form')))).toEqual(['Generic Account'])
    expect(names(await rep.get(list('credit-app')))).toEqual(['Generic Account'])
    expect((await rep.get('/customers-logistic/online-form/count')).json()).toEqual({ total: 1, timedOut: false })
    await rep.patch(`/contacts/${account}`, { isOnlineForm: false })
    expect(names(await rep.get(list('online-form')))).toEqual([])
    // A contact of another division is offered no toggle at all.
    const salesContact = await s.createContact(salesRep, { name: 'Sales Toggle' })
    expect((await salesRep.patch(`/contacts/${salesContact}`, { isMfp: true })).json().errors).toEqual({
      isMfp: 'MFP is offered only for logistics customers',
    })
    const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`
    const today = new Date().toISOString().slice(0, 10)
    const history = (await rep.get(`/contacts/history/${account}`)).json() as { summary: string }[]
    expect(history.map((h) => h.summary)).toEqual(
      expect.arrayContaining([
        `Credit App switched on, dated ${shown(today)}; Online Form switched on, dated ${shown(today)}`,
        'Online Form switched off',
      ]),
    )
  })

  it('keeps dealers out of the logistics and contact lists: they are the dealers table’s', async () => {
    const dealer = await salesRep.post('/ts-dealers', {
      name: 'Listless Dealer',
      businessPhone: '2145550142',
      organizationTypeId: 7,
    })
    expect(dealer.statusCode, dealer.body).toBe(201)
    const byName = encodeURIComponent(JSON.stringify({ filter: { name: 'Listless Dealer' } }))
    for (const path of ['/contacts', '/contact-lists/contacts', '/contact-lists/my-lead', '/advanced-search']) {
      expect((await salesRep.get(`${path}?options=${byName}`)).json().rows, path).toEqual([])
    }
    expect((await salesRep.get(`/contacts/count?options=${byName}`)).json()).toEqual({ total: 0, timedOut: false })
    expect(names(await salesRep.get(`/ts-dealers?options=${byName}`))).toEqual(['Listless Dealer'])
    const customerDealer = await create(rep, { name: 'Dealer Customer', contactCategory: 4 })
    expect(names(await rep.get(list('all', { name: 'Dealer Customer' })))).toEqual([])
    expect((await rep.get(`/customers-logistic/${customerDealer}`)).statusCode).toBe(200)
  })

  it('books, edits and deletes loads, with totals per customer and per month', async () => {
    const customer = await create(rep, { name: 'Load Lines', statusId: 3 })
    const load = {
      originCity: 'Dallas',
      originStateId: 45,
      destinationCity: 'Chicago',
      destinationStateId: 14,
      pickUpDate: '2026-10-05',
      loadPay: 1200.5,
    }
    const missing = await rep.post('/customers-logistic-loads', load)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.contactId).toBe(loadMessages.customerIdMissing)
    const bad = await rep.post('/customers-logistic-loads', {
      ...load,
      contactId: customer,
      originStateId: 1,
      loadPay: 10.005,
      originCity: '',
    })
    expect(bad.json().errors).toMatchObject({
      originStateId: loadMessages.stateRequired,
      loadPay: loadMessages.loadPayInvalid,
      originCity: loadMessages.originCityRequired,
    })
    const first = await rep.post('/customers-logistic-loads', { ...load, contactId: customer })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().message).toBe(loadMessages.loadBooked)
    await rep.post('/customers-logistic-loads', {
      ...load,
      contactId: customer,
      pickUpDate: '2026-11-02',
      loadPay: 800,
    })
    await rep.post('/customers-logistic-loads', {
      ...load,
      contactId: customer,
      pickUpDate: '2026-11-20',
      loadPay: 99.99,
    })
    const rows = (await rep.get(`/customers-logistic-loads/all/${customer}`)).json()
    expect(rows.total).toBe(3)
    expect(rows.rows.map((r: { pickUpDate: string }) => r.pickUpDate)).toEqual([
      '2026-11-20',
      '2026-11-02',
      '2026-10-05',
    ])
    expect((await rep.get(`/customers-logistic-loads/totals/${customer}`)).json()).toEqual({
      count: 3,
      total: 2100.49,
      months: [
        { month: '2026-11', count: 2, total: 899.99 },
        { month: '2026-10', count: 1, total: 1200.5 },
      ],
    })
    const id = first.json().id as string
    const edited = await rep.patch(`/customers-logistic-loads/${id}`, { loadPay: 1000, notes: 'Tarped' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await rep.get(`/customers-logistic-loads/${id}`)).json()).toMatchObject({
      loadPay: 1000,
      notes: 'Tarped',
      originCity: 'Dallas',
      createdByName: 'Lara Loads',
    })
    // Another rep does not see the customer, so not its loads either: missing, and nothing changes.
    expect((await otherRep.get(`/customers-logistic-loads/${id}`)).statusCode).toBe(404)
    expect((await otherRep.get(`/customers-logistic-loads/all/${customer}`)).statusCode).toBe(404)
    expect((await otherRep.patch(`/customers-logistic-loads/${id}`, { loadPay: 1 })).statusCode).toBe(404)
    expect((await otherRep.delete(`/customers-logistic-loads/${id}`)).statusCode).toBe(404)
    expect((await otherRep.post('/customers-logistic-loads', { ...load, contactId: customer })).statusCode).toBe(404)
    // The manager sees the division's customers and their loads.
    expect((await manager.get(`/customers-logistic-loads/${id}`)).statusCode).toBe(200)
    expect((await rep.delete(`/customers-logistic-loads/${id}`)).statusCode).toBe(200)
    expect((await rep.get(`/customers-logistic-loads/${id}`)).statusCode).toBe(404)
    expect((await rep.get(`/customers-logistic-loads/totals/${customer}`)).json()).toMatchObject({
      count: 2,
      total: 899.99,
    })
  })

  it('deletes customers in bulk: logistics customers only, with the delete permission', async () => {
    const one = await create(rep, { name: 'Bulk One' })
    const salesContact = await s.createContact(salesRep, { name: 'Not Logistics' })
    expect((await rep.delete('/customers-logistic/multiple', { ids: [one] })).statusCode).toBe(403)
    expect((await manager.delete('/customers-logistic/multiple', { ids: [] })).json().title).toBe(
      messages.noContactsSelected,
    )
    const answer = (await manager.delete('/customers-logistic/multiple', { ids: [one, salesContact] })).json()
    expect(answer).toMatchObject({ done: 1, failed: [{ id: salesContact }] })
    expect((await rep.get(`/customers-logistic/${one}`)).statusCode).toBe(404)
  })
})
