import type { ContactListName, ContactSearchRow, Paged } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactEvent, created, days, transition } from './contact-events'
import { createListHarness, divisionFloor, type ListHarness } from './list-harness'

describe.each(databaseTargets())('contact lists on $name', (target) => {
  let h: ListHarness
  const c: Record<string, string> = {}
  const make = async (
    key: string,
    data: Parameters<typeof created>[0],
    ago = 0,
    after: (id: string) => unknown[] = () => [],
  ) => {
    const event = created({ name: key, ...data }, ago)
    const id = (event.data as { contactId: string }).contactId
    c[key] = id
    await h.append(`contact-${id}`, [event, ...(after(id) as never[])])
  }

  beforeAll(async () => {
    h = await createListHarness(target, divisionFloor)
    const { rep, otherRep } = h.ids as Record<string, string>
    await make('freshLead', { importDate: days(0) })
    await make('oldLead', { importDate: days(10) })
    await make('myLead', { assigned: rep })
    await make('theirLead', { assigned: otherRep })
    await make('freeProspect', { statusId: 2 })
    await make('myProspect', { statusId: 2, assigned: rep })
    await make('account', { statusId: 3, assigned: otherRep }, 0, (id) => [
      contactEvent('ContactUpdated', { contactId: id, changes: { currentBalance: 5000, daysLate: 12 } }),
    ])
    await make('owingOnTime', { statusId: 3 }, 0, (id) => [
      contactEvent('ContactUpdated', { contactId: id, changes: { currentBalance: 800, daysLate: 0 } }),
    ])
    await make('paidOff', { statusId: 3 }, 0, (id) => [
      contactEvent('ContactUpdated', { contactId: id, changes: { currentBalance: 0, daysLate: 0 } }),
    ])
    await make('lostAccount', { statusId: 3 }, 0, (id) => [
      contactEvent('ContactContractLost', {
        ...transition(id, 3, 5),
        dateToFollowUp: null,
        dateLost: days(1),
        lostReason: 'Price',
        notes: null,
        creationDateStatusChanges: days(1),
      }),
    ])
    await make('lostProspect', { statusId: 2 }, 0, (id) => [
      contactEvent('ContactStatusChanged', {
        ...transition(id, 2, 5),
        withoutAdditionalActions: true,
        assigned: null,
        creationDate: days(0),
      }),
    ])
    await make('bucket', { assigned: rep }, 0, (id) => [
      contactEvent('ContactStatusChanged', {
        ...transition(id, 1, 4),
        withoutAdditionalActions: false,
        assigned: null,
        creationDate: days(0),
      }),
    ])
    await make('dead', {}, 0, (id) => [contactEvent('ContactMarkedDead', { ...transition(id, 1, 6), notes: null })])
    await make('nq', {}, 0, (id) => [
      contactEvent('ContactMarkedNotQualified', { ...transition(id, 1, 7), notes: null }),
    ])
    await make('gaveUp', { assigned: rep }, 0, (id) => [
      contactEvent('ContactGivenUp', {
        ...transition(id, 1, 4),
        giveUpReason: 'No answer',
        otherReasonNote: null,
        callAttempts: 5,
        minCallAttempts: 3,
        previousAssigned: rep,
      }),
    ])
    await make('closed', {}, 0, (id) => [
      contactEvent('ContactOutOfBusinessMarked', { contactId: id, outOfBusiness: true, note: null }),
    ])
    await make('neglected', { assigned: otherRep }, 45)
    await make('deleted', {}, 0, (id) => [contactEvent('ContactDeleted', { contactId: id })])
    await make('elsewhere', { statusId: 3, divisionId: 2 })
  }, 120_000)
  afterAll(() => h?.close())

  const names = async (user: string, list: ContactListName, options: object = {}) => {
    const query = encodeURIComponent(
      JSON.stringify({ pagination: { limit: 100, first: 0 }, sort: { field: 'name', direction: 'asc' }, ...options }),
    )
    const response = await h.request(user, 'GET', `/api/v1/contact-lists/${list}?options=${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as Paged<ContactSearchRow>).rows.map((r) => r.name).sort()
  }

  it.each<[ContactListName, string[]]>([
    ['recent-leads', ['freshLead']],
    [
      'unassigned-lead',
      ['dead', 'closed', 'deleted', 'freshLead', 'nq', 'oldLead'].filter((n) => !['dead', 'nq', 'deleted'].includes(n)),
    ],
    ['my-lead', []],
    ['division-claimed-leads', ['myLead', 'neglected', 'theirLead']],
    ['unassigned-prospects', ['freeProspect']],
    ['my-prospect', []],
    ['accounts', ['account', 'owingOnTime', 'paidOff']],
    ['inactive-accounts', ['lostAccount', 'lostProspect']],
    ['win-again-accounts', ['lostAccount']],
    ['win-again-prospects', ['lostProspect']],
    ['manager-bucket', ['bucket', 'gaveUp']],
    ['to-reassign', ['neglected']],
    ['paid-off-accounts', ['paidOff']],
    ['collection-list', ['account']],
    ['credit-exposure', ['account', 'owingOnTime']],
    ['dead-contacts', ['dead']],
    ['not-qualified', ['nq']],
    ['i-give-up', ['gaveUp']],
    ['out-of-business', ['closed']],
    ['all-customers', ['account', 'owingOnTime', 'paidOff']],
  ])('%s holds what a manager of the division expects', async (list, expected) => {
    expect(await names('manager', list)).toEqual([...expected].sort())
  })

  it('contacts (All Contacts) holds every live contact of the division, deleted ones never', async () => {
    const all = await names('manager', 'contacts')
    expect(all).toHaveLength(Object.keys(c).length - 2)
    expect(all).not.toContain('deleted')
    expect(all).not.toContain('elsewhere')
  })

  it('gives a rep their own and unassigned contacts only', async () => {
    expect(await names('rep', 'my-lead')).toEqual(['myLead'])
    expect(await names('rep', 'my-prospect')).toEqual(['myProspect'])
    expect(await names('rep', 'division-claimed-leads')).toEqual(['myLead'])
    expect(await names('rep', 'accounts')).toEqual(['owingOnTime', 'paidOff'])
  })

  it('gives executives all-customers across divisions', async () => {
    expect(await names('exec', 'all-customers')).toEqual(['account', 'elsewhere', 'owingOnTime', 'paidOff'])
  })

  it('shows the collection columns and pages, sorted by name', async () => {
    const query = encodeURIComponent(
      JSON.stringify({ pagination: { limit: 5, first: 5 }, sort: { field: 'name', direction: 'asc' } }),
    )
    const page = (await h.request('manager', 'GET', `/api/v1/contact-lists/contacts?options=${query}`)).json()
    expect(page.total).toBe(Object.keys(c).length - 2)
    expect(page.rows.map((r: ContactSearchRow) => r.name)).toEqual((await names('manager', 'contacts')).slice(5, 10))
    const [row] = (await h.request('manager', 'GET', '/api/v1/contact-lists/collection-list')).json().rows
    expect(row).toMatchObject({ name: 'account', currentBalance: 5000, daysLate: 12, assignedName: 'Otto Other' })
  })

  it('serves the docs/product.md list variants of GET /contacts', async () => {
    const response = await h.request(
      'manager',
      'GET',
      '/api/v1/contacts/get-unassigned-leads?options=%7B%22pagination%22%3A%7B%22limit%22%3A100%2C%22first%22%3A0%7D%7D',
    )
    expect(response.statusCode).toBe(200)
    expect(
      response
        .json()
        .rows.map((r: ContactSearchRow) => r.name)
        .sort(),
    ).toEqual(['closed', 'freshLead', 'oldLead'])
  })
})
