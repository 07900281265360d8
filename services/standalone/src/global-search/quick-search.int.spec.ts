import type { QuickSearchHit } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendCreated, contactEvent } from '../contact-lists/contact-events'
import { createListHarness, type ListHarness } from '../contact-lists/list-harness'
import { quickSearch } from '@crm/query-api'

const users = [
  { key: 'rep', name: 'Rita Rep', divisionId: 15, permissions: ['call' as const] },
  { key: 'otherRep', name: 'Otto Other', divisionId: 15, permissions: ['call' as const] },
  { key: 'manager', name: 'Mona Manager', divisionId: 15, permissions: ['call' as const, 'manager' as const] },
  { key: 'exec', name: 'Eve Exec', divisionId: 15, permissions: ['executive' as const, 'manager' as const] },
]

describe.each(databaseTargets())('the top bar search on $name', (target) => {
  let h: ListHarness
  const c: Record<string, string> = {}
  const make = async (key: string, data: Parameters<typeof appendCreated>[2]) => {
    c[key] = await appendCreated(h, key, data)
  }

  beforeAll(async () => {
    h = await createListHarness(target, users)
    const { rep, otherRep } = h.ids as Record<string, string>
    await make('Bluebird Freight', {
      dba: 'Skyline Hauling',
      dotNumber: '3141592',
      mcNumber: '771234',
      email: 'dispatch@bluebird.example',
      businessPhone: '(312) 555-0187',
      assigned: rep,
    })
    await make('Redwood Carriers', { dotNumber: '2718281', mcNumber: '314159', assigned: null })
    await make('Hidden Bluebird Lines', { dotNumber: '3141000', assigned: otherRep })
    await make('Bluebird West', { dotNumber: '3149999', divisionId: 2, statusId: 3 })
    for (let i = 0; i < 10; i++) await make(`Convoy ${i}`, { dotNumber: String(5_550_000 + i) })
    await make('Erased Convoy', { dotNumber: '5559999' })
    await h.append(`contact-${c['Erased Convoy']}`, [
      contactEvent('ContactDeleted', { contactId: c['Erased Convoy']! }),
    ])
  }, 120_000)
  afterAll(() => h?.close())

  const search = async (user: string, q: string) => {
    const response = await h.request(user, 'GET', `/api/v1/contacts/quick-search?q=${encodeURIComponent(q)}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as QuickSearchHit[]
  }
  const names = async (user: string, q: string) => (await search(user, q)).map((hit) => hit.name)

  it.each([
    ['a name fragment, in any case', 'EBIRD fr', ['Bluebird Freight']],
    ['the DBA', 'skyline', ['Bluebird Freight']],
    ['a DOT prefix', '27182', ['Redwood Carriers']],
    ['an MC number', '771234', ['Bluebird Freight']],
    ['the phone digits, however typed', '555-0187', ['Bluebird Freight']],
    ['the start of the e-mail', 'Dispatch@blue', ['Bluebird Freight']],
  ])('finds by %s', async (_, q, expected) => {
    expect(await names('rep', q)).toEqual(expected)
  })

  it('puts an exact DOT or MC number first, then names that start with the text', async () => {
    // 314159 is Redwood's MC number and the start of Bluebird Freight's DOT number.
    expect(await names('manager', '314159')).toEqual(['Redwood Carriers', 'Bluebird Freight'])
    expect(await names('manager', 'bluebird')).toEqual(['Bluebird Freight', 'Hidden Bluebird Lines'])
  })

  it('answers the fields of the dropdown and nothing internal', async () => {
    const [hit] = await search('rep', '3141592')
    expect(hit).toEqual({
      id: c['Bluebird Freight'],
      name: 'Bluebird Freight',
      dba: 'Skyline Hauling',
      dotNumber: '3141592',
      mcNumber: '771234',
      businessPhone: '(312) 555-0187',
      city: 'Addison',
      state: 'TX',
      statusId: 1,
    })
  })

  it("never shows a rep another rep's contact nor another division's", async () => {
    expect(await names('rep', 'bluebird')).toEqual(['Bluebird Freight'])
    expect(await names('rep', '3141000')).toEqual([])
    expect(await names('rep', '3149999')).toEqual([])
    expect(await names('otherRep', 'bluebird')).toEqual(['Hidden Bluebird Lines'])
  })

  it('shows executives every division, one hit per contact, with their own division status', async () => {
    const hits = await search('exec', 'bluebird')
    expect(hits.map((hit) => [hit.name, hit.statusId])).toEqual([
      ['Bluebird Freight', 1],
      ['Bluebird West', null],
      ['Hidden Bluebird Lines', 1],
    ])
  })

  it('puts an exact number first even when the contact has no other number', async () => {
    // Convoy 0..9 have DOT numbers 5550000-5550009 and no MC number: 555000 is none of theirs exactly.
    await make('Zephyr Lines', { mcNumber: '555000', assigned: null })
    expect((await names('manager', '555000'))[0]).toBe('Zephyr Lines')
  })

  it('gives the same answer on each of its plans (rare, by words, few matches, a frequent text, matches that cluster)', async () => {
    const callers = {
      manager: { userId: h.ids.manager!, divisionId: 15, seesWholeDivision: true, seesAllDivisions: false },
      rep: { userId: h.ids.rep!, divisionId: 15, seesWholeDivision: false, seesAllDivisions: false },
      exec: { userId: h.ids.exec!, divisionId: 15, seesWholeDivision: true, seesAllDivisions: true },
    }
    for (const [who, viewer] of Object.entries(callers)) {
      const caller = { ...viewer, permissions: ['call', 'manager'] }
      for (const q of ['convoy', 'onvoy', 'bluebird', 'ird', 'ue', '555', 'lines', '3141', '314159']) {
        // A few contacts: every text is rare in the whole table, and the default takes the lookup without scope,
        // unless names that start with it fill the dropdown ("convoy": ten of them), which then is the answer.
        const expected = await quickSearch(h.database.db, caller, q)
        if (who === 'manager') expect(expected.length, q).toBeGreaterThan(0)
        for (const bounds of [
          { candidates: 1_000, nameWindow: 3_000, rareTextMatches: 0, nameWords: true },
          { candidates: 1_000, nameWindow: 3_000, rareTextMatches: 0, nameWords: false },
          { candidates: 1_000, nameWindow: 3_000, rareTextMatches: 1, nameWords: false },
          { candidates: 2, nameWindow: 3, rareTextMatches: 0, nameWords: false },
          { candidates: 2, nameWindow: 1_000, rareTextMatches: 0, nameWords: false },
          { candidates: 1, nameWindow: 20, rareTextMatches: 0, nameWords: false },
        ]) {
          const answer = await quickSearch(h.database.db, caller, q, bounds)
          expect(answer, `${who} ${q} ${JSON.stringify(bounds)}`).toEqual(expected)
        }
      }
    }
  })

  it('answers at most 8 hits and no deleted contact', async () => {
    const hits = await names('manager', 'convoy')
    expect(hits).toHaveLength(8)
    expect(hits).not.toContain('Erased Convoy')
  })

  it('wants 2 to 100 characters after trimming', async () => {
    for (const q of ['a', ' b ', 'x'.repeat(101)]) {
      const response = await h.request('rep', 'GET', `/api/v1/contacts/quick-search?q=${encodeURIComponent(q)}`)
      expect(response.statusCode, q).toBe(400)
    }
    expect(await names('rep', '  skyline  ')).toEqual(['Bluebird Freight'])
  })

  it('takes LIKE wildcards literally', async () => {
    expect(await names('manager', '%%')).toEqual([])
    expect(await names('manager', '__')).toEqual([])
  })
})
