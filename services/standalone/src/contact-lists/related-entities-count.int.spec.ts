import type { ContactDeleted, ContactSearchRow, Paged, SelectPage, UserRegistered } from '@crm/contracts'
import type { NewEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactEvent, created } from './contact-events'
import { createListHarness, type ListHarness } from './list-harness'

const users = [
  { key: 'exec', name: 'Eve Exec', divisionId: 15, permissions: ['executive' as const, 'manager' as const] },
]
const stamp = randomUUID().slice(0, 6)
const list = (filter: object, limit = 10) =>
  `/api/v1/contact-lists/contacts?options=${encodeURIComponent(JSON.stringify({ filter, pagination: { limit, first: 0 } }))}`

describe.each(databaseTargets())('Related Entities column and user pickers on $name', (target) => {
  let h: ListHarness
  const c: Record<string, string> = {}
  const make = async (key: string, data: Parameters<typeof created>[0], deleted = false) => {
    const event = created({ name: `${key} ${stamp}`, ...data })
    const id = (event.data as { contactId: string }).contactId
    c[key] = id
    const gone = contactEvent<ContactDeleted>('ContactDeleted', { contactId: id })
    await h.append(`contact-${id}`, deleted ? [event, gone] : [event])
  }
  const rowsOf = async (filter: object, limit?: number) => {
    const response = await h.request('exec', 'GET', list(filter, limit))
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as Paged<ContactSearchRow>).rows
  }

  beforeAll(async () => {
    h = await createListHarness(target, users)
    const harbor = { dotNumber: `9${stamp.replace(/\D/g, '1').padEnd(6, '1')}`, mcNumber: `MC-${stamp}` }
    await make('Harbor', harbor)
    await make('SameDot', { dotNumber: harbor.dotNumber })
    await make('SameMc', { mcNumber: harbor.mcNumber })
    // The same name in other capitals, and a row matching on two keys: each counts once.
    await make('Twin', { name: `HARBOR ${stamp.toUpperCase()}` })
    await make('TwoKeys', { name: `harbor ${stamp}`, dotNumber: harbor.dotNumber })
    await make('Gone', { dotNumber: harbor.dotNumber }, true)
    await make('Alone', {})
    // Phone and email match too (email in any capitals).
    const phone = `555${stamp.replace(/\D/g, '7').padEnd(7, '7').slice(0, 7)}`
    await make('Caller', { businessPhone: phone })
    await make('CallerAgain', { businessPhone: phone })
    await make('Mailer', { email: `ops-${stamp}@example.com` })
    await make('MailerAgain', { email: `OPS-${stamp}@EXAMPLE.COM` })
  }, 120_000)
  afterAll(() => h.close())

  it('counts the possible duplicates of each row, as many as the related-entities window lists', async () => {
    const rows = await rowsOf({ name: stamp })
    const count = (key: string) => rows.find((r) => r.id === c[key])?.relatedEntities
    expect(count('Harbor')).toBe(4)
    expect(count('SameDot')).toBe(2) // Harbor and TwoKeys share its DOT; the deleted one does not count
    expect(count('Alone')).toBe(0)
    expect(rows.map((r) => r.id)).not.toContain(c.Gone)

    expect(count('Caller')).toBe(1)
    expect(count('Mailer')).toBe(1)
    for (const key of ['Harbor', 'SameDot', 'SameMc', 'Alone', 'Caller', 'Mailer']) {
      const window = await h.request('exec', 'GET', `/api/v1/contacts/related-entities?contactId=${c[key]}`)
      expect(window.statusCode, window.body).toBe(200)
      expect(window.json(), key).toHaveLength(count(key)!)
    }
  })

  it('lists the contacts that have a possible duplicate (GET /contacts/duplicatedContacts)', async () => {
    const options = encodeURIComponent(JSON.stringify({ filter: { name: stamp }, pagination: { limit: 50, first: 0 } }))
    const response = await h.request('exec', 'GET', `/api/v1/contacts/duplicatedContacts?options=${options}`)
    expect(response.statusCode, response.body).toBe(200)
    const listed = (response.json() as Paged<ContactSearchRow>).rows.map((r) => r.id)
    for (const key of ['Harbor', 'SameDot', 'SameMc', 'Twin', 'TwoKeys', 'Caller', 'CallerAgain', 'Mailer']) {
      expect(listed, key).toContain(c[key])
    }
    expect(listed).not.toContain(c.Alone)
    expect(listed).not.toContain(c.Gone)
  })

  it('shows the same counts on the All Contacts page (GET /contacts)', async () => {
    const options = encodeURIComponent(JSON.stringify({ filter: { name: stamp }, pagination: { limit: 50, first: 0 } }))
    const response = await h.request('exec', 'GET', `/api/v1/contacts?options=${options}`)
    expect(response.statusCode, response.body).toBe(200)
    const rows = (response.json() as Paged<ContactSearchRow>).rows
    expect(rows.find((r) => r.id === c.Harbor)?.relatedEntities).toBe(4)
    expect(rows.find((r) => r.id === c.Caller)?.relatedEntities).toBe(1)
  })

  it('goes up as soon as a new duplicate is created (the list waits for the count’s read model too)', async () => {
    const event = created({ name: `Another ${stamp}`, mcNumber: `MC-${stamp}` })
    const result = await h.store.appendToStream(`contact-${(event.data as { contactId: string }).contactId}`, [event], {
      expectedVersion: 'no_stream',
    })
    const response = await h.app.inject({
      method: 'GET',
      url: list({ name: `Harbor ${stamp}` }),
      headers: { authorization: `Bearer ${h.tokens.exec}`, 'x-min-position': result.position },
    })
    const harbor = (response.json() as Paged<ContactSearchRow>).rows.find((r) => r.id === c.Harbor)
    expect(harbor?.relatedEntities).toBe(5)
  })

  it('counts past 50 as 51 ("50+") when many contacts share a placeholder phone, as the window lists 50', async () => {
    const placeholder = `000${stamp.replace(/\D/g, '0').padEnd(7, '0').slice(0, 7)}`
    const ids: string[] = []
    for (let i = 0; i < 60; i++) {
      const event = created({ name: `Placeholder ${stamp} ${i}`, businessPhone: placeholder })
      ids.push((event.data as { contactId: string }).contactId)
      await h.append(`contact-${ids[i]}`, [event])
    }
    const rows = await rowsOf({ name: `Placeholder ${stamp}` }, 50)
    expect(rows).toHaveLength(50)
    expect(new Set(rows.map((r) => r.relatedEntities))).toEqual(new Set([51]))
    const window = await h.request('exec', 'GET', `/api/v1/contacts/related-entities?contactId=${ids[0]}`)
    expect(window.statusCode, window.body).toBe(200)
    expect(window.json()).toHaveLength(50)
  })

  it('pages users 50 at a time, searches them by name, and names chosen ids (also deactivated users)', async () => {
    const registered: { id: string; name: string }[] = []
    for (let i = 0; i < 55; i++) {
      const id = randomUUID()
      const name = `Picker ${stamp} ${String(i).padStart(2, '0')}`
      registered.push({ id, name })
      const event: NewEvent = {
        ...contactEvent('ContactDeleted', { contactId: id }),
        type: 'UserRegistered',
        data: {
          userId: id,
          email: `picker-${stamp}-${i}@example.com`,
          name,
          divisionId: 15,
          permissions: ['call'],
          passwordHash: 'not-a-real-hash',
        } satisfies UserRegistered['data'],
      }
      const events =
        i === 54 ? [event, { ...event, eventId: randomUUID(), type: 'UserDeactivated', data: { userId: id } }] : [event]
      await h.append(`user-${id}`, events)
    }
    const page = async (query: string) => {
      const response = await h.request('exec', 'GET', `/api/v1/advanced-search/users-for-async-select?${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as SelectPage
    }
    const first = await page(`search=${encodeURIComponent(`Picker ${stamp}`)}&page=0`)
    expect(first.options).toHaveLength(50)
    expect(first.hasMore).toBe(true)
    const second = await page(`search=${encodeURIComponent(`Picker ${stamp}`)}&page=1`)
    // The deactivated one is no longer offered.
    expect(second.options.map((o) => o.label)).toEqual(registered.slice(50, 54).map((u) => u.name))
    expect(second.hasMore).toBe(false)

    const named = await page(`ids=${registered[3]!.id},${registered[54]!.id}`)
    expect(named.options.map((o) => o.label).sort()).toEqual([registered[3]!.name, registered[54]!.name])
    expect((await h.request('exec', 'GET', '/api/v1/advanced-search/users-for-async-select?ids=nope')).statusCode).toBe(
      400,
    )
  })
})
