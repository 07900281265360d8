/**
 * The doors applications come in by (docs/decisions/046): the intake endpoint checks the source's key before
 * anything else and says what is wrong with it; the public form takes only the applicant's fields and measures
 * the fill time from a token the server signed when the form opened.
 */
import { creditFormSecret, signFormToken } from '@crm/command-api'
import { creditApplicationMessages as m } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../testing/test-env'
import { createCreditStack } from './credit-stack'

const MIN_SECONDS = Number(testEnv.CREDIT_FORM_MIN_SECONDS)
/** A token as the server signs it (the stack derives its secret from the JWT secret). */
const tokenIssued = (secondsAgo: number) =>
  signFormToken(creditFormSecret(undefined, testEnv.JWT_SECRET), new Date(Date.now() - secondsAgo * 1000))

describe.each(databaseTargets())('the public form and the intake endpoint on $name', (target) => {
  let t: Awaited<ReturnType<typeof createCreditStack>>
  let analyst: { token: string; userId: string }
  beforeAll(async () => {
    t = await createCreditStack(target)
    analyst = await t.userWith('Pia Public', ['call', 'credit-analyst'], { divisionId: 4 })
  }, 120_000)
  afterAll(() => t?.close())

  const apply = (body: object) => t.send(null, 'POST', '/website-credit-applications/apply', body)
  const formToken = async () => {
    const response = await t.send(null, 'GET', '/website-credit-applications/apply/form-token')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    return response.json() as { formToken: string; expiresAt: string }
  }
  const listed = async (businessName: string) => {
    await t.caughtUp()
    const options = encodeURIComponent(JSON.stringify({ filter: { search: businessName } }))
    return (await t.send(analyst.token, 'GET', `/website-credit-applications?options=${options}`)).json().rows
  }

  it('files a form sent with the token the form opened with, once the least fill time has passed', async () => {
    const { formToken: token, expiresAt } = await formToken()
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 3600_000)
    const form = {
      businessName: 'Token Freight',
      applicantFirstName: 'Tara',
      applicationType: 'lease',
      formToken: token,
    }
    // Sent at once, the token says the form was just opened, whatever startedAt claims.
    const hurried = await apply({ ...form, startedAt: Date.now() - 3600_000 })
    expect(hurried.statusCode, hurried.body).toBe(422)
    expect(hurried.json().title).toBe(m.tooFast)
    await sleep(MIN_SECONDS * 1000 + 100)
    // startedAt, which older pages send, still parses and is ignored.
    const sent = await apply({ ...form, startedAt: Date.now() })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toEqual({ message: m.submitted })
    expect(await listed('Token Freight')).toMatchObject([{ applicantName: 'Tara', status: 'New' }])
  })

  it('refuses a form without a token, with a forged one and with an expired one, filing nothing', async () => {
    await t.caughtUp()
    const before = await t.eventCount()
    const form = { businessName: 'Bot Freight', applicantFirstName: 'Bo' }
    // A bot's old startedAt was enough before: it is not now.
    const missing = await apply({ ...form, startedAt: Date.now() - 60_000 })
    expect(missing.statusCode, missing.body).toBe(400)
    expect(missing.json()).toMatchObject({ title: m.formTokenMissing, errors: { formToken: m.formTokenMissing } })

    const real = tokenIssued(60)
    const [issued, nonce, mac] = real.split('.')
    const backdated = `${Number(issued) - 3600_000}.${nonce}.${mac}`
    const otherSecret = signFormToken(
      creditFormSecret(undefined, 'not-the-servers-secret'),
      new Date(Date.now() - 60_000),
    )
    const expired = tokenIssued(5 * 3600)
    for (const bad of [backdated, otherSecret, expired, 'made-up']) {
      const refused = await apply({ ...form, formToken: bad })
      expect(refused.statusCode, `${bad}: ${refused.body}`).toBe(422)
      expect(refused.json()).toMatchObject({ title: m.formTokenInvalid, detail: m.formTokenInvalid })
    }
    expect(await t.eventCount()).toBe(before)
  })

  it("refuses the analyst's fields on the public form, naming them, and files nothing", async () => {
    await t.caughtUp()
    const before = await t.eventCount()
    const form = {
      businessName: 'Self Approved Freight',
      applicantFirstName: 'Sly',
      eqAmountFinanced: 85000,
      formToken: tokenIssued(60),
      startedAt: Date.now() - 60_000,
    }
    for (const [field, value] of Object.entries({
      recommendApproval: true,
      inReview: true,
      automasterId: 'AM-1',
      eqCrmAmountFinanced: 1,
      eqCrmDealer: 'My Own Dealer',
      ctr: true,
      applicationDate: '2020-01-01',
      notAField: 'x',
    })) {
      const refused = await apply({ ...form, [field]: value })
      expect(refused.statusCode, `${field}: ${refused.body}`).toBe(400)
      expect(refused.json().title).toBe(m.notOnPublicForm([field]))
    }
    const several = await apply({ ...form, recommendApproval: true, eqCrmDealer: 'x' })
    expect(several.json().title).toBe(m.notOnPublicForm(['recommendApproval', 'eqCrmDealer']))
    expect(await t.eventCount()).toBe(before)
    expect(await listed('Self Approved Freight')).toEqual([])

    // What the applicant tells is taken: loan or lease, their credit history, the equipment they ask for.
    const sent = await apply({ ...form, applicationType: 'loan', bankruptcy: false, eqMake: 'Volvo' })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(await listed('Self Approved Freight')).toHaveLength(1)
  })

  it('checks the intake key before the body: missing or wrong answers 401 saying so, and nothing of the schema', async () => {
    const invalid = { businessName: 12, loans: 'none', eqAmountFinanced: -5 }
    for (const source of ['website', 'cps', 'cef']) {
      const url = `/${source}-credit-applications`
      const missing = await t.send(null, 'POST', url, invalid)
      expect(missing.statusCode, missing.body).toBe(401)
      expect(missing.json()).toEqual({
        type: 'about:blank',
        title: m.intakeKeyMissing,
        status: 401,
        detail: m.intakeKeyMissing,
      })
      const wrong = await t.send(null, 'POST', url, invalid, { 'x-api-key': 'x'.repeat(40) })
      expect(wrong.statusCode, wrong.body).toBe(401)
      expect(wrong.json()).toEqual({
        type: 'about:blank',
        title: m.intakeKeyWrong,
        status: 401,
        detail: m.intakeKeyWrong,
      })
      // Not even a malformed body is looked at without the key.
      const malformed = await t.send(null, 'POST', url, undefined, { 'content-type': 'application/json' })
      expect(malformed.statusCode).toBe(401)
    }
    // Another source's key is a wrong one.
    const crossed = await t.send(null, 'POST', '/cps-credit-applications', {}, { 'x-api-key': testEnv.CEF_INTAKE_KEY })
    expect(crossed.json().title).toBe(m.intakeKeyWrong)
    // With its key, the body's errors are answered as before.
    const keyed = await t.send(null, 'POST', '/cps-credit-applications', invalid, {
      'x-api-key': testEnv.CPS_INTAKE_KEY,
    })
    expect(keyed.statusCode).toBe(400)
  })
})
