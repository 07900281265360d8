/**
 * Every refusal is said in words to the person using the form. Generated from the app's route table: every
 * operation × its body (and query) with each required field left out and each field of the wrong kind. An answer
 * fails if it uses the validator's own wording ("Invalid input: expected string, received undefined", "Too big:
 * expected number to be <=8"), names a field by its code name, or is not a 4xx the product gives with a message.
 * A new route is covered the day it is added.
 */
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack, type RouteInfo } from '../identity/identity-stack'
import { jsonSchemaOf, pathOf, sampleOf, withQuery } from './sample-request'

/** Server-sent event streams never end (each has its own spec). */
const liveStreams = ['/api/v1/changes', '/api/v1/events/subscribe']
/** Answers a refusal may have. */
const refusals = [400, 401, 403, 404, 409, 413, 415, 422]
/** The validator's wording, which means nothing to the person at the form. */
const validatorWording =
  /Invalid input|expected .* received|Too big|Too small|Invalid option|Unrecognized key|Invalid string|Invalid enum|Invalid literal|Invalid union|Expected [a-z]+, received|^Required$|[<>]=?\s?\d/
/** A field named by its code name (`organizationTypeId`, `options.filter.name`) rather than in words. */
const codeName = /\b[a-z]+[A-Z]\w*\b|\b[A-Za-z]\w*\.[A-Za-z]\w*\b/

type Attempt = { what: string; url: string; payload?: unknown }

type JsonSchema = NonNullable<ReturnType<typeof jsonSchemaOf>>

/** A value of another kind than the schema takes: a number for text, text for a number, and so on. */
function wrongKindFor(schema: JsonSchema | undefined): unknown {
  const options = schema?.anyOf ?? schema?.oneOf
  const types = options
    ? options.flatMap((o) => (Array.isArray(o.type) ? o.type : [o.type]))
    : Array.isArray(schema?.type)
      ? schema.type
      : [schema?.type]
  if (types.includes('string')) return types.includes('number') || types.includes('integer') ? [] : 12345
  if (types.includes('number') || types.includes('integer')) return 'not a number'
  if (types.includes('boolean')) return 'not a flag'
  if (types.includes('array')) return 'not a list'
  if (types.includes('object')) return 'not an object'
  return { unexpected: true }
}

/** The route's request with each required field left out, and each field of the wrong kind. */
function attemptsFor(route: RouteInfo): Attempt[] {
  const attempts: Attempt[] = []
  const body = jsonSchemaOf(route.schema.body)
  const query = jsonSchemaOf(route.schema.querystring)
  const baseBody = sampleOf(body) as Record<string, unknown> | undefined
  const baseQuery = (sampleOf(query) ?? {}) as Record<string, unknown>
  const url = pathOf(route)
  const withBody = (payload: unknown) => (route.method === 'GET' ? {} : { payload })

  if (body?.properties && baseBody && typeof baseBody === 'object') {
    for (const key of body.required ?? []) {
      const { [key]: _, ...rest } = baseBody
      attempts.push({ what: `body without ${key}`, url: withQuery(url, baseQuery), ...withBody(rest) })
    }
    for (const [key, property] of Object.entries(body.properties)) {
      attempts.push({
        what: `body.${key} of the wrong kind`,
        url: withQuery(url, baseQuery),
        ...withBody({ ...baseBody, [key]: wrongKindFor(property) }),
      })
    }
  }
  for (const key of query?.required ?? []) {
    attempts.push({ what: `query without ${key}`, url: withQuery(url, { ...baseQuery, [key]: undefined }) })
  }
  for (const [key, property] of Object.entries(query?.properties ?? {})) {
    const types = [property.type, ...(property.anyOf ?? []).map((o) => o.type)].flat()
    if (types.includes('number') || types.includes('integer')) {
      attempts.push({ what: `?${key} not a number`, url: withQuery(url, { ...baseQuery, [key]: 'abc' }) })
    }
  }
  return attempts
}

/** What an answer says to the person: its title, detail and field messages. */
function sentences(body: string): string[] | undefined {
  try {
    const problem = JSON.parse(body) as { title?: unknown; detail?: unknown; errors?: Record<string, unknown> }
    const said = [problem.title, problem.detail, ...Object.values(problem.errors ?? {})]
    return said.filter((s): s is string => typeof s === 'string')
  } catch {
    return undefined
  }
}

describe.each(databaseTargets())('validation messages on every route, on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }

  beforeAll(async () => {
    t = await createIdentityStack(target, {}, { everyReadModel: true })
    admin = await t.admin()
  }, 120_000)
  afterAll(() => t?.close())

  it('refuses a missing or wrong field in words, naming the field and saying what to send', async () => {
    const failures: string[] = []
    let refused = 0
    for (const route of t.routes.filter((r) => !liveStreams.includes(r.url))) {
      for (const attempt of attemptsFor(route)) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: attempt.url,
          headers: { authorization: `Bearer ${admin.token}` },
          ...(attempt.payload !== undefined && { payload: attempt.payload as object }),
        })
        if (response.statusCode < 400) continue
        const what = `${route.method} ${route.url} ${attempt.what}: ${response.statusCode}`
        const said = sentences(response.body)
        if (!refusals.includes(response.statusCode)) {
          failures.push(`${what} ${response.body.slice(0, 120)}`)
          continue
        }
        refused++
        if (!said || !said[0] || !/[A-Za-z]{2,}.*\s.*[A-Za-z]{2,}/.test(said[0])) {
          failures.push(`${what} without a message in words: ${response.body.slice(0, 120)}`)
          continue
        }
        const bad = said.find((s) => validatorWording.test(s) || codeName.test(s))
        if (bad) failures.push(`${what} says "${bad.slice(0, 120)}"`)
      }
    }
    expect(refused).toBeGreaterThan(200)
    expect([...new Set(failures)]).toEqual([])
  }, 600_000)

  it("says what the review found in the validator's words as sentences", async () => {
    const errorsOf = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${admin.token}` },
        ...(payload && { payload }),
      })
      expect(response.statusCode, response.body).toBe(400)
      return response.json().errors as Record<string, string>
    }
    const lost = {
      contactId: randomUUID(),
      dateLost: '2026-11-02',
      creationDateStatusChanges: new Date().toISOString(),
    }
    expect((await errorsOf('POST', '/contract-lost', lost)).lostReason).toBe('Lost reason is required')
    expect((await errorsOf('GET', '/reports/sales-metric?range=9')).range).toBe('Range must be at most 8')
    const application = `/cef-credit-applications/${randomUUID()}`
    expect((await errorsOf('PATCH', application, { applicationType: 'rent' })).applicationType).toBe(
      'Application type must be one of: Loan, Lease',
    )
    expect((await errorsOf('PATCH', application, { bankruptcyInfo: 'x'.repeat(2001) })).bankruptcyInfo).toBe(
      'Bankruptcy info must be at most 2000 characters',
    )
  })
})
