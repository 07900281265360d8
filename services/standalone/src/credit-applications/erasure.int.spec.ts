import { ERASED } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { columnsHolding } from '../testing/find-values'
import { createCreditStack } from './credit-stack'

/** Values no other test writes: found anywhere after the erasure, they leaked. */
const applicant = {
  applicationType: 'loan',
  applicantFirstName: 'Marisol',
  applicantLastName: 'Thistlewood',
  applicantEmail: 'marisol.thistlewood@example.test',
  applicantPhone: '(555) 010-8861',
  applicantStreet: '19 Thistlewood Ridge',
  applicantEmployer: 'Quarrystone Freightways',
  applicantSsn: '612-44-9071',
  applicantDateOfBirth: '1979-03-14',
  businessName: 'Thistlewood Trucking',
  businessDotNumber: '4410987',
  eqMake: 'Kenworth',
  eqAmountFinanced: 142500,
  bankAccountNumber: '000987612345',
  owners: [{ name: 'Corvin Thistlewood', ownershipPercent: 100, phone: '(555) 010-8862' }],
  references: [{ name: 'Elspeth Varrow', phone: '(555) 010-8863', relationship: 'Dispatcher' }],
}
const leakable = [
  'Marisol',
  'Thistlewood',
  'marisol.thistlewood@example.test',
  '010-8861',
  'Quarrystone',
  '612-44-9071',
  '1979-03-14',
  '000987612345',
  'Corvin',
  '010-8862',
  'Elspeth Varrow',
  '010-8863',
]

/** An applicant forgotten (docs/decisions/035): the application, its status and amount stay; nothing else. */
describe.each(databaseTargets())('erasing a credit application’s applicants on $name', (target) => {
  let t: Awaited<ReturnType<typeof createCreditStack>>
  let id: string
  const path = () => `/website-credit-applications/${id}`

  beforeAll(async () => {
    t = await createCreditStack(target)
    id = await t.intake('website', applicant)
    const revealer = await t.userWith('Rhea Reveal', ['credit-analyst', 'reveal-credit-data'], { divisionId: 4 })
    const shown = await t.send(revealer.token, 'POST', `${path()}/reveal`, { field: 'applicantSsn' })
    expect(shown.json()).toEqual({ field: 'applicantSsn', value: applicant.applicantSsn })
    expect((await t.send(t.admin.token, 'PATCH', path(), { applicantLastName: 'Thistlewood-Ames' })).statusCode).toBe(
      200,
    )
    await t.caughtUp()
  }, 120_000)
  afterAll(() => t?.close())

  it('finds the values before the erasure (the search is not blind)', async () => {
    expect((await columnsHolding(t.database.db, leakable)).length).toBeGreaterThan(3)
  })

  it('is an administrator’s and answers 404 for an application it does not know', async () => {
    const analyst = await t.userWith('Abe Analyst', ['credit-analyst'], { divisionId: 4 })
    expect((await t.send(analyst.token, 'POST', `${path()}/erase-personal-data`, {})).statusCode).toBe(403)
    const unknown = await t.send(
      t.admin.token,
      'POST',
      `/website-credit-applications/${randomUUID()}/erase-personal-data`,
      {},
    )
    expect(unknown.statusCode).toBe(404)
    const otherSource = await t.send(t.admin.token, 'POST', `/cps-credit-applications/${id}/erase-personal-data`, {})
    expect(otherSource.statusCode).toBe(404)
  })

  it('leaves the application, its status and amount, and no applicant value anywhere, also after a rebuild', async () => {
    const erased = await t.send(t.admin.token, 'POST', `${path()}/erase-personal-data`, { reason: 'Applicant request' })
    expect(erased.statusCode, erased.body).toBe(200)
    await t.caughtUp()
    const detail = (await t.send(t.admin.token, 'GET', path())).json()
    expect(detail).toMatchObject({
      fields: { applicantFirstName: ERASED, businessDotNumber: '4410987', eqMake: 'Kenworth' },
      businessName: ERASED,
      amount: 142500,
      status: 'New',
    })
    // The masks' last four are gone too (four digits alone would match ids in a search of the whole database).
    expect(JSON.stringify(detail)).not.toContain('9071')
    expect(JSON.stringify(detail)).not.toContain('2345')
    const revealed = await t.send(t.admin.token, 'POST', `${path()}/reveal`, { field: 'applicantSsn' })
    expect(revealed.json()).toEqual({ field: 'applicantSsn', value: ERASED })
    await t.caughtUp()
    expect(await columnsHolding(t.database.db, leakable)).toEqual([])

    expect((await t.send(t.admin.token, 'POST', '/read-models/credit_applications/rebuild')).statusCode).toBe(202)
    expect((await t.send(t.admin.token, 'POST', '/read-models/stream_history/rebuild')).statusCode).toBe(202)
    const done = async () => {
      const health = (await t.send(t.admin.token, 'GET', '/health')).json() as {
        rebuilds?: { name: string; state: string }[]
      }
      return ['credit_applications', 'stream_history'].every((name) =>
        health.rebuilds?.some((r) => r.name === name && r.state === 'done'),
      )
    }
    for (let i = 0; i < 600 && !(await done()); i++) await new Promise((r) => setTimeout(r, 100))
    expect(await done()).toBe(true)
    expect(await columnsHolding(t.database.db, leakable)).toEqual([])
    expect((await t.send(t.admin.token, 'GET', path())).json()).toMatchObject({ fields: { applicantLastName: ERASED } })
    // The log (at trace level here) never held them: there is nothing to erase in it.
    const log = t.logLines.join('\n').toLowerCase()
    for (const value of leakable) expect(log).not.toContain(value.toLowerCase())
  })
})
