/**
 * An edit changes only what it sends. Over the route table: no PATCH body fills in a default (zod would put it
 * into the command as if the caller had sent it), and an empty PATCH is refused with 'Nothing to change'. Over
 * the contact's fields: each one sent alone changes that field and leaves every other field as it was.
 */
import { NOTHING_TO_CHANGE, logisticsFlags, updateContactSchema } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from '../identity/identity-stack'
import { jsonSchemaOf, sampleOf } from './sample-request'

/**
 * PATCH routes that are actions, not edits: their body only names the record, or is the action's input
 * (mark-as-read's payment, whose missing fields the referral names: 'You must enter data for ...').
 */
const actions = [
  '/api/v1/activity/set-inactive/:id',
  '/api/v1/contacts/updateRedFlag/:id',
  '/api/v1/referral/mark-as-read/:id',
]
/** Fields that say which record an edit is about (the activity lives on its contact's stream). */
const locators = ['contactId']

/** Fields an edit of one field changes as well, because they follow from it. */
const derived: Record<string, string[]> = {
  // The preferred language shown is the nationality's.
  nationalityId: ['preferredLanguage'],
  // Two company types rate the effort level from the number of trucks (docs/product.md 9).
  companyTypeId: ['contactDivisionData'],
  // A logistics toggle switched on is dated that day.
  ...Object.fromEntries(logisticsFlags.map((flag) => [flag.key, [flag.dateKey]])),
}

/** The logistics toggles and their dates are offered only to a logistics customer at Prospect (and later). */
const logisticsOnly: string[] = logisticsFlags.flatMap((flag) => [flag.key, flag.dateKey])

/** Paths inside a JSON Schema that carry a `default`. */
function defaultsIn(node: unknown, at = ''): string[] {
  if (!node || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'default' ? [at || '(root)'] : defaultsIn(value, key === 'properties' ? at : `${at}/${key}`),
  )
}

/** A value for each editable field of a contact, other than what `created` below starts with. */
const edits: Record<string, unknown> = {
  name: 'Renamed Freight',
  dba: 'RF Lines',
  ownerName: 'Rita Owner',
  email: 'dispatch@renamed.example',
  businessPhone: '(555) 100-2000',
  mobilePhone: '(555) 100-2001',
  homePhone: '(555) 100-2002',
  address: { street1: '1 Dock Rd', city: 'Reno', state: 'NV', zip: '89501', country: 'US' },
  mcNumber: 'MC-445566',
  dotNumber: '7788990',
  contactCategory: 5,
  organizationTypeId: 3,
  nationalityId: 2,
  companyTypeId: 2,
  numberOfTrucks: 12,
  dateEstablished: '2011-04-01',
  saferPhone: '(555) 100-2003',
  saferMobilePhone: '(555) 100-2004',
  isRfp: true,
  isMfp: true,
  isCreditApp: true,
  isOnlineForm: true,
  rfpDate: '2026-01-02',
  mfpDate: '2026-01-03',
  creditAppDate: '2026-01-04',
  onlineFormDate: '2026-01-05',
  currentBalance: 1250.5,
  daysLate: 12,
  lastCollectionActivity: '2026-01-06T15:00:00.000Z',
}

const created = {
  name: 'Partial Edit Carriers',
  organizationTypeId: 7,
  contactCategory: 3,
  divisionId: 15,
  email: 'office@partial.example',
  numberOfTrucks: 4,
  address: { street1: '9 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
}

describe.each(databaseTargets())('an edit changes only what it sends, on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }

  beforeAll(async () => {
    t = await createIdentityStack(target, {}, { everyReadModel: true })
    admin = await t.admin()
  }, 120_000)
  afterAll(() => t?.close())

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${admin.token}` },
      ...(payload && { payload }),
    })

  it('no PATCH body has a default, and an edit that sends nothing to change is refused', async () => {
    const patches = t.routes.filter((r) => r.method === 'PATCH' && r.schema.body && !actions.includes(r.url))
    expect(patches.length).toBeGreaterThan(10)
    const withDefaults = patches.flatMap((r) => defaultsIn(jsonSchemaOf(r.schema.body)).map((p) => `${r.url} ${p}`))
    expect(withDefaults).toEqual([])
    const accepted: string[] = []
    for (const route of patches) {
      const params = jsonSchemaOf(route.schema.params)?.properties ?? {}
      const url = route.url
        .replace(/^\/api\/v1/, '')
        .replace(/:(\w+)/g, (_, n: string) => (params[n]?.format === 'uuid' ? randomUUID() : '15'))
      const body = jsonSchemaOf(route.schema.body)!
      // An edit whose every field is optional but those naming its record: sending only those changes nothing.
      const required = body.required ?? []
      const partial = required.every((k) => locators.includes(k))
      if (partial) {
        const answer = await call('PATCH', url, sampleOf(body) as object)
        const refused = answer.statusCode === 400 && answer.json().title === NOTHING_TO_CHANGE
        if (!refused) accepted.push(`${route.url}: ${answer.statusCode} ${answer.body.slice(0, 120)}`)
      }
      if ((await call('PATCH', url, {})).statusCode !== 400) accepted.push(`${route.url}: {} accepted`)
    }
    expect(accepted).toEqual([])
  })

  it('refuses a logistics toggle of a contact outside the logistics division, and changes nothing', async () => {
    const made = await call('POST', '/contacts', created)
    const id: string = made.json().id
    await t.caughtUp()
    const before = (await call('GET', `/contacts/${id}`)).json()
    const refused = await call('PATCH', `/contacts/${id}`, { isRfp: true, name: 'Renamed' })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().errors).toEqual({ isRfp: 'RFP is offered only for logistics customers' })
    await t.caughtUp()
    expect((await call('GET', `/contacts/${id}`)).json()).toEqual(before)
  })

  it('has a value for every field of the contact edit', () => {
    expect(Object.keys(edits).sort()).toEqual(Object.keys(updateContactSchema.shape).sort())
  })

  it.each(Object.keys(edits))('PATCH /contacts/{id} with only %s leaves every other field as it was', async (field) => {
    const made = logisticsOnly.includes(field)
      ? await call('POST', '/customers-logistic', { ...created, divisionId: undefined, statusId: 2 })
      : await call('POST', '/contacts', created)
    expect(made.statusCode, made.body).toBe(201)
    const id: string = made.json().id
    await t.caughtUp()
    const before = (await call('GET', `/contacts/${id}`)).json()
    const edited = await call('PATCH', `/contacts/${id}`, { [field]: edits[field] })
    expect(edited.statusCode, edited.body).toBe(200)
    await t.caughtUp()
    const after = (await call('GET', `/contacts/${id}`)).json()
    const others = (c: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(c).filter(([k]) => ![field, 'version', ...(derived[field] ?? [])].includes(k)))
    expect(others(after)).toEqual(others(before))
    expect(after[field]).not.toEqual(before[field])
  })
})
