import type { ContactFilter } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { searchContacts, textMatchesAnywhere } from '@crm/query-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendCreated } from './contact-events'
import { createListHarness, divisionFloor, floorCaller, type ListHarness } from './list-harness'

/**
 * A "contains" search whose text is rare in the whole table is looked up by the text alone, in every division, and
 * only those rows are checked against the caller's scope, the filters and the list (docs/decisions/043). It must
 * answer exactly what the scoped plans answer, for every kind of caller: each request is asked with the lookup
 * and with it switched off (no text is rare) or nearly off (a text with two matches is not rare).
 */
describe.each(databaseTargets())('a search by a rare text on $name', (target) => {
  let h: ListHarness
  const c: Record<string, string> = {}
  const make = async (key: string, data: Parameters<typeof appendCreated>[2]) => {
    c[key] = await appendCreated(h, key, data)
  }

  beforeAll(async () => {
    h = await createListHarness(target, divisionFloor)
    const { rep, otherRep } = h.ids as Record<string, string>
    await make('Bluebird Freight', { dotNumber: '3141592', mcNumber: 'MC-771234', assigned: rep })
    await make('Bluebird Lines', { dotNumber: '3141593', assigned: null })
    await make('Hidden Bluebird', { dotNumber: '3141594', assigned: otherRep })
    await make('Bluebird West', { dotNumber: '3141595', divisionId: 2 })
    await make('Bluebird Dealer', { dotNumber: '3141596', contactCategory: 4 })
    await make('Redwood Carriers', { dotNumber: '2718281', mcNumber: '314159', assigned: null, statusId: 2 })
    for (let i = 0; i < 12; i++) {
      await make(`Convoy ${String(i).padStart(2, '0')}`, {
        dotNumber: String(5_550_000 + i),
        assigned: i % 3 === 0 ? rep : null,
        divisionId: i % 4 === 0 ? 2 : 15,
      })
    }
  }, 120_000)
  afterAll(() => h?.close())

  const callerOf = (user: 'rep' | 'manager' | 'exec') => floorCaller(h, user)
  const optionsOf = (global: string | undefined, filter: ContactFilter = {}, first = 0) => ({
    pagination: { limit: 5 as const, first },
    sort: { field: 'name' as const, direction: 'asc' as const },
    filter,
    tableFilter: { global },
  })
  const names = (page: { rows: { name: string }[] }) => page.rows.map((r) => r.name)

  it('finds the rows of every division and owner whose values contain the texts, and none past its cap', async () => {
    const keys = await textMatchesAnywhere(h.database.db, optionsOf('bluebird'), 100)
    const found = new Set(keys?.map((k) => k.contact_id))
    for (const name of ['Bluebird Freight', 'Bluebird Lines', 'Hidden Bluebird', 'Bluebird West', 'Bluebird Dealer']) {
      expect(found.has(c[name]!), name).toBe(true)
    }
    expect(found.has(c['Redwood Carriers']!)).toBe(false)
    expect(await textMatchesAnywhere(h.database.db, optionsOf('bluebird'), 4)).toBeNull()
    expect(await textMatchesAnywhere(h.database.db, optionsOf(undefined, { dotNumber: '31415' }), 100)).toHaveLength(5)
    expect(await textMatchesAnywhere(h.database.db, optionsOf('zzq'), 100)).toEqual([])
  })

  const requests: [string, ReturnType<typeof optionsOf>, string?][] = [
    ['the search box', optionsOf('bluebird')],
    ['the search box by an MC number', optionsOf('771234')],
    ['the search box by a DOT number', optionsOf('31415')],
    ['a name filter', optionsOf(undefined, { name: 'CONVOY' })],
    ['a name filter, the second page', optionsOf(undefined, { name: 'convoy' }, 5)],
    ['a name and a DOT filter with a status', optionsOf(undefined, { name: 'o', dotNumber: '555', statusId: 1 })],
    ['a text nobody has', optionsOf('zzq')],
    ['a list with a text', optionsOf('convoy'), 'unassigned-lead'],
  ]
  it.each(requests)(
    'answers %s as the scoped plans do, for a rep, a manager and an executive',
    async (_, options, list) => {
      for (const user of ['rep', 'manager', 'exec'] as const) {
        const request = { caller: callerOf(user), options, list: list as 'unassigned-lead' | undefined }
        const rare = await searchContacts(h.database.db, request)
        for (const rareTextMatches of [0, 2]) {
          const scoped = await searchContacts(h.database.db, request, { rareTextMatches })
          expect(rare, `${user} ${rareTextMatches}`).toEqual(scoped)
        }
      }
    },
  )

  it('keeps the scope: a rep sees their own and unassigned rows, no dealer, no other division', async () => {
    const page = await searchContacts(h.database.db, { caller: callerOf('rep'), options: optionsOf('bluebird') })
    expect(names(page)).toEqual(['Bluebird Freight', 'Bluebird Lines'])
    expect(page.total).toBe(2)
    const managers = await searchContacts(h.database.db, {
      caller: callerOf('manager'),
      options: optionsOf('bluebird'),
    })
    expect(names(managers)).toEqual(['Bluebird Freight', 'Bluebird Lines', 'Hidden Bluebird'])
  })
})
