import type { ContactFilter } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { walkPage } from '@crm/query-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendCreated, contactEvent } from './contact-events'
import { createListHarness, divisionFloor, floorCaller, type ListHarness } from './list-harness'

/**
 * A page of a name search walked by the words of the names (docs/decisions/044) must be the page the walk of the
 * list's own index gives: each request of All Contacts is read both ways, for a rep, a manager and an executive,
 * both directions and a later page, over names where the text is a word, part of a word, two words, and rows the caller may not see
 * (other owners, another division, dealers, a deleted contact, a renamed one).
 */
describe.each(databaseTargets())('a name search walked by its words on $name', (target) => {
  let h: ListHarness
  const c: Record<string, string> = {}
  const make = async (key: string, data: Parameters<typeof appendCreated>[2] = {}) => {
    c[key] = await appendCreated(h, key, data)
  }

  beforeAll(async () => {
    h = await createListHarness(target, divisionFloor)
    const { rep, otherRep } = h.ids as Record<string, string>
    const owners = [rep, otherRep, null]
    for (let i = 0; i < 24; i++) {
      const place = ['Great Lakes', 'Greatlakes', 'Lakeside', 'Blue Line', 'Lakes Of The North', 'Red Rock'][i % 6]!
      await make(`${place} Freight ${String(i).padStart(2, '0')}`, {
        assigned: owners[i % 3]!,
        divisionId: i % 8 === 7 ? 2 : 15,
        mcNumber: i === 5 ? 'MC-LAKES' : null,
        dotNumber: String(4_400_000 + i),
      })
    }
    await make('Lakes Dealer Supply', { contactCategory: 4 })
    await make('Old Lakes Name', { assigned: null })
    await h.append(`contact-${c['Old Lakes Name']}`, [
      contactEvent('ContactUpdated', { contactId: c['Old Lakes Name']!, changes: { name: 'Renamed Carrier' } }),
    ])
    await make('Erased Lakes', {})
    await h.append(`contact-${c['Erased Lakes']}`, [contactEvent('ContactDeleted', { contactId: c['Erased Lakes']! })])
    await h.settle()
  }, 120_000)
  afterAll(() => h?.close())

  const callerOf = (user: 'rep' | 'manager' | 'exec') => floorCaller(h, user)
  const optionsOf = (
    text: { global?: string; filter?: ContactFilter },
    direction: 'asc' | 'desc' = 'desc',
    first = 0,
  ) => ({
    pagination: { limit: 5 as const, first },
    sort: { field: 'name' as 'name' | 'numberOfTrucks', direction },
    filter: text.filter ?? {},
    tableFilter: { global: text.global },
  })

  const texts: [string, { global?: string; filter?: ContactFilter }][] = [
    ['a word', { filter: { name: 'lakes' } }],
    ['part of words', { filter: { name: 'AKE' } }],
    ['two words', { filter: { name: 'lakes fre' } }],
    ['a word the search box also finds in an MC number', { global: 'lakes' }],
    ['the search box beside an emptied name filter', { global: 'lakes', filter: { name: '' } }],
    ['a text no name has', { global: 'zzqx' }],
    ['the division named', { filter: { name: 'line', divisionId: 15 } }],
  ]
  it.each(texts)('reads %s as the walk of the name index does', async (_, text) => {
    for (const user of ['rep', 'manager', 'exec'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const first of [0, 5]) {
          const request = {
            caller: callerOf(user),
            options: optionsOf(text, direction, first),
            list: 'contacts' as const,
          }
          const byWords = await walkPage(h.database.db, request)
          const byIndex = await walkPage(h.database.db, request, { words: false })
          expect(byWords.rows, `${user} ${direction} ${first}`).toEqual(byIndex.rows)
          // All Contacts is the caller's division's, an executive's too.
          expect(byWords.byWords, `${user}`).toBe(true)
        }
      }
    }
  })

  it('finds what the walk is for, and not what the caller may not see', async () => {
    const names = async (user: 'rep' | 'manager', name: string) =>
      (
        await walkPage(h.database.db, { caller: callerOf(user), options: optionsOf({ filter: { name } }, 'asc') })
      ).rows.map((r) => r.name)
    expect(await names('manager', 'greatlakes')).toEqual([
      'Greatlakes Freight 01',
      'Greatlakes Freight 13',
      'Greatlakes Freight 19',
    ])
    expect(await names('manager', 'old lakes')).toEqual([])
    expect(await names('manager', 'erased')).toEqual([])
    expect(await names('manager', 'dealer')).toEqual([])
    // The rep's: theirs and nobody's, never the other rep's.
    const repsPage = await walkPage(h.database.db, {
      caller: callerOf('rep'),
      options: optionsOf({ filter: { name: 'freight 0' } }, 'asc'),
    })
    expect(repsPage.rows).toHaveLength(5)
    for (const row of repsPage.rows) expect([h.ids.rep, null]).toContain(row.assigned)
  })

  it('leaves to the index what the words do not serve', async () => {
    // An executive's Advanced Search without a division reads one row per contact of every division.
    const advanced = { caller: callerOf('exec'), options: optionsOf({ filter: { name: 'lakes' } }) }
    expect((await walkPage(h.database.db, advanced)).byWords).toBe(false)
    const named = { caller: callerOf('exec'), options: optionsOf({ filter: { name: 'lakes', divisionId: 15 } }) }
    expect((await walkPage(h.database.db, named)).byWords).toBe(true)
    const fits = async (options: ReturnType<typeof optionsOf>, list?: 'unassigned-lead') =>
      (await walkPage(h.database.db, { caller: callerOf('manager'), options, list })).byWords
    expect(await fits(optionsOf({ filter: { name: 'lakes' } }))).toBe(true)
    expect(await fits(optionsOf({ filter: { name: 'la' } }))).toBe(false)
    // A name filter cleared in the table's header leaves the search box's text to walk.
    expect(await fits(optionsOf({ global: 'lakes', filter: { name: '' } }))).toBe(true)
    expect(await fits(optionsOf({ filter: { name: 'lakes', state: 'TX' } }))).toBe(false)
    expect(await fits(optionsOf({ filter: { name: 'lakes' } }), 'unassigned-lead')).toBe(false)
    expect(
      await fits({ ...optionsOf({ filter: { name: 'lakes' } }), sort: { field: 'numberOfTrucks', direction: 'asc' } }),
    ).toBe(false)
  })
})
