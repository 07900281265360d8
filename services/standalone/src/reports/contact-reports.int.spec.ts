/**
 * Account insights and the US map over HTTP, from a division's small known book of contacts: Rita's two
 * accounts and a lead in Texas, Bert's account in California, an unassigned account in Washington DC, and an
 * account of another division. Every figure is worked out by hand in the comments.
 */
import type { Insight, ReportContactsPage, TopTen, UsMap } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/** A day `years` years and ten days before today: whole years of age that do not change during the run. */
function yearsAgo(years: number): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return new Date(d.getTime() - 10 * 86_400_000).toISOString().slice(0, 10)
}

describe.each(databaseTargets())('account insights and the US map on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let mona: Actor
  let rita: Actor
  let bert: Actor
  const ids: Record<string, string> = {}

  const contact = async (as: Actor, name: string, state: string, body: Record<string, unknown>) => {
    ids[name] = await s.createContact(as, { name, address: { city: `${name} City`, state }, ...body })
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    mona = await s.actor('Mona Manager', ['call', 'manager'])
    rita = await s.actor('Rita Rep', ['call'], { managerId: mona.userId })
    bert = await s.actor('Bert Rep', ['call'])
    const dana = await s.actor('Dana Rep', ['call'], { divisionId: 2 })
    const account = { statusId: 3 }
    await contact(rita, 'Alpha', 'TX', {
      ...account,
      nationalityId: 2,
      companyTypeId: 1,
      numberOfTrucks: 40,
      dateEstablished: yearsAgo(16),
    })
    await contact(rita, 'Bravo', 'TX', {
      ...account,
      nationalityId: 1,
      companyTypeId: 2,
      numberOfTrucks: 2,
      dateEstablished: yearsAgo(1),
    })
    await contact(bert, 'Charlie', 'CA', { ...account, nationalityId: 2, companyTypeId: 1, numberOfTrucks: 80 })
    await contact(rita, 'Delta', 'TX', { statusId: 1 })
    await contact(mona, 'Echo', 'DC', { ...account, assigned: null, dateEstablished: yearsAgo(26) })
    await contact(dana, 'Foxtrot', 'TX', { ...account, nationalityId: 1 })
    const won = { prospectStage: 6, probability: 100, opportunityType: 1 }
    for (const [as, name, amount] of [
      [rita, 'Alpha', 5000],
      [bert, 'Charlie', 300],
    ] as const) {
      const response = await as.post('/opportunities', {
        ...won,
        contactId: ids[name],
        opportunityName: 'Deal',
        amount,
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    const call = await rita.post('/activity', { contactId: ids.Bravo, activityType: 10009, subject: 'Called' })
    expect(call.statusCode, call.body).toBe(201)
  }, 120_000)
  afterAll(() => s.close())

  const read = async <T>(as: Actor, url: string) => {
    const response = await as.get(url)
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
    return response.json() as T
  }
  const counts = (insight: Insight) => Object.fromEntries(insight.slices.map((x) => [x.key, x.count]))

  it("splits the manager's division's four accounts by language, type, size and age", async () => {
    // Accounts of division 15: Alpha, Bravo, Charlie, Echo (Delta is a lead, Foxtrot another division's).
    const language = await read<Insight>(mona, '/accounts-insights/nationality')
    expect([language.total, counts(language)]).toEqual([
      4,
      { 1: 1, 2: 2, 3: 0, 4: 0, 5: 0, 6: 0, unknown: 1 }, // Bravo English; Alpha, Charlie Spanish; Echo none
    ])
    expect(language.slices.at(-1)).toEqual({ key: 'unknown', label: 'Not given', count: 1 })
    const type = await read<Insight>(mona, '/accounts-insights/company-type')
    expect(counts(type)).toEqual({ 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, unknown: 1 })
    const size = await read<Insight>(mona, '/accounts-insights/company-size')
    // Bravo 2 trucks, Alpha 40, Charlie 80, Echo none.
    expect(counts(size)).toEqual({ '1-2': 1, '3-5': 0, '6-10': 0, '11-35': 0, '36-75': 1, '76+': 1, unknown: 1 })
    const age = await read<Insight>(mona, '/accounts-insights/company-age')
    // Bravo 1 year, Alpha 16, Echo 26, Charlie no date.
    expect(counts(age)).toEqual({ '0-1': 1, '2-4': 0, '5-9': 0, '10-19': 1, '20+': 1, unknown: 1 })
  })

  it('a rep reads their own and the unassigned accounts; one user is asked by userId; others are 404', async () => {
    expect(counts(await read<Insight>(rita, '/accounts-insights/nationality'))).toMatchObject({
      1: 1, // Bravo
      2: 1, // Alpha (Charlie is Bert's)
      unknown: 1, // Echo, unassigned
    })
    const ritas = await read<Insight>(mona, `/accounts-insights/company-size?userId=${rita.userId}`)
    expect([ritas.total, counts(ritas)['1-2'], counts(ritas)['36-75']]).toEqual([2, 1, 1])
    const hidden = await rita.get(`/accounts-insights/nationality?userId=${bert.userId}`)
    const missing = await rita.get(`/accounts-insights/nationality?userId=${randomUUID()}`)
    expect([hidden.statusCode, missing.statusCode]).toEqual([404, 404])
  })

  it('a slice opens exactly its accounts (accounts_insights_contacts_modal)', async () => {
    const spanish = await read<ReportContactsPage>(mona, '/accounts-insights/contacts?kind=nationality&key=2')
    expect([spanish.total, spanish.rows.map((r) => r.name)]).toEqual([2, ['Alpha', 'Charlie']])
    expect(spanish.rows[0]).toMatchObject({ city: 'Alpha City', state: 'TX', statusId: 3, numberOfTrucks: 40 })
    const unknownAge = await read<ReportContactsPage>(mona, '/accounts-insights/contacts?kind=companyAge&key=unknown')
    expect(unknownAge.rows.map((r) => r.name)).toEqual(['Charlie'])
  })

  it('top ten accounts by won amount and by activity, the measure named', async () => {
    const won = await read<TopTen>(mona, '/accounts-insights/top-ten-accounts')
    expect(won.measureLabel).toBe('Won opportunity amount (all time)')
    expect(won.rows.map((r) => [r.name, r.value])).toEqual([
      ['Alpha', 5000],
      ['Charlie', 300],
    ])
    const active = await read<TopTen>(mona, '/accounts-insights/top-ten-accounts?measure=activities')
    expect(active.rows.map((r) => [r.name, r.value])).toEqual([['Bravo', 1]])
  })

  it('the map counts contacts per state for a status and a user; DC is id 31', async () => {
    const all = await read<UsMap>(mona, '/map-of-states/contacts-per-state')
    const byCode = (m: UsMap) => Object.fromEntries(m.states.filter((x) => x.count > 0).map((x) => [x.code, x.count]))
    expect(all.states).toHaveLength(51)
    expect([byCode(all), all.total, all.unknown]).toEqual([{ TX: 3, CA: 1, DC: 1 }, 5, 0])
    expect(all.states.find((x) => x.stateId === 31)).toEqual({
      stateId: 31,
      code: 'DC',
      name: 'Washington DC',
      count: 1,
    })
    expect(byCode(await read<UsMap>(mona, '/map-of-states/contacts-per-state?statusId=3'))).toEqual({
      TX: 2,
      CA: 1,
      DC: 1,
    })
    expect(byCode(await read<UsMap>(mona, `/map-of-states/contacts-per-state?userId=${rita.userId}`))).toEqual({
      TX: 3,
    })
    // Rita: hers (Alpha, Bravo, Delta) and the unassigned Echo.
    expect(byCode(await read<UsMap>(rita, '/map-of-states/contacts-per-state'))).toEqual({ TX: 3, DC: 1 })
    expect(byCode(await read<UsMap>(admin, '/map-of-states/contacts-per-state?divisionId=2'))).toEqual({ TX: 1 })
  })

  it('a state opens its contacts (us_map_contacts); a state outside the lookup is refused', async () => {
    const texas = await read<ReportContactsPage>(mona, '/map-of-states/contacts?stateId=45&statusId=3')
    expect([texas.total, texas.rows.map((r) => r.name)]).toEqual([2, ['Alpha', 'Bravo']])
    expect(texas.rows[0]!.assignedName).toBe('Rita Rep')
    const dc = await read<ReportContactsPage>(mona, '/map-of-states/contacts?stateId=31')
    expect(dc.rows.map((r) => [r.name, r.assignedName])).toEqual([['Echo', null]])
    const paged = await read<ReportContactsPage>(mona, '/map-of-states/contacts?stateId=45&limit=1&first=5')
    expect([paged.total, paged.rows]).toEqual([3, []])
    expect((await mona.get('/map-of-states/contacts?stateId=1')).statusCode).toBe(400)
    expect((await mona.get('/map-of-states/contacts?stateId=53')).statusCode).toBe(400)
  })
})
