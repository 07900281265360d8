/**
 * No request, however malformed, gets a 5xx. Generated from the app's route table (and so from the OpenAPI
 * document, which is built from the same schemas): every route × a NUL byte and a lone UTF-16 surrogate in each
 * string it takes (and in the filters inside the JSON of `options`), prototype keys as JSON keys and as sort and
 * filter names, and truncated or non-multipart bodies. Every answer, whatever its status, says `no-store`. A new
 * route is covered the day it is added.
 */
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack, type RouteInfo } from '../identity/identity-stack'
import { jsonSchemaOf, pathOf, sampleOf, withQuery } from './sample-request'

/** Server-sent event streams never end: a request to one would hold the test (each has its own spec). */
const liveStreams = ['/api/v1/changes', '/api/v1/events/subscribe']

const NUL = 'a\u0000b'
const LONE_SURROGATE = 'a\ud800b'
/** Filter names of the contact lists and Advanced Search (others answer them as unknown filters). */
const OPTIONS_FILTERS = ['name', 'dotNumber']
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']

type Attempt = {
  what: string
  url: string
  payload?: string | object
  headers?: Record<string, string>
  /** The field a 400 must name: the attempt is refused at the edge, whatever the route does with the rest. */
  refused?: string
}

/** Every hostile variant of one route's request. */
function attemptsFor(route: RouteInfo): Attempt[] {
  const attempts: Attempt[] = []
  const body = jsonSchemaOf(route.schema.body)
  const query = jsonSchemaOf(route.schema.querystring)
  const params = jsonSchemaOf(route.schema.params)
  const baseBody = (sampleOf(body) ?? {}) as Record<string, unknown>
  const baseQuery = (sampleOf(query) ?? {}) as Record<string, unknown>
  const url = pathOf(route)

  for (const bad of [NUL, LONE_SURROGATE]) {
    const label = bad === NUL ? 'NUL' : 'lone surrogate'
    for (const key of Object.keys(body?.properties ?? {})) {
      attempts.push({
        what: `${label} in body.${key}`,
        url: withQuery(url, baseQuery),
        payload: { ...baseBody, [key]: bad },
      })
    }
    for (const key of Object.keys(query?.properties ?? {})) {
      attempts.push({
        what: `${label} in ?${key}`,
        url: withQuery(url, { ...baseQuery, [key]: bad }),
        payload: baseBody,
      })
    }
    for (const key of Object.keys(params?.properties ?? {})) {
      attempts.push({ what: `${label} in :${key}`, url: pathOf(route, { [key]: bad }), payload: baseBody })
    }
    // Inside the JSON of `options` the bad character is an escape (\u0000) until the route parses it.
    if (query?.properties?.options) {
      for (const field of OPTIONS_FILTERS) {
        attempts.push({
          what: `${label} in options.filter.${field}`,
          url: withQuery(url, { ...baseQuery, options: { filter: { [field]: bad } } }),
          payload: baseBody,
          refused: `options.filter.${field}`,
        })
      }
    }
  }
  for (const key of PROTOTYPE_KEYS) {
    const options = { sort: { field: key, direction: 'asc' }, filter: { [key]: 'x' } }
    if (query?.properties?.options) {
      attempts.push({ what: `${key} as sort and filter`, url: withQuery(url, { ...baseQuery, options }) })
    }
    attempts.push({
      what: `${key} as a JSON key`,
      url: withQuery(url, baseQuery),
      payload: `{"${key}": {"polluted": true}, "options": {"${key}": 1}}`,
      headers: { 'content-type': 'application/json' },
    })
  }
  attempts.push({
    what: 'hostile options JSON',
    url: withQuery(url, { ...baseQuery, options: '{"pagination":{"limit":"1e999","first":-1},"sort":[]}' }),
  })
  if (route.method !== 'GET') {
    const boundary = '----hostile'
    attempts.push({
      what: 'truncated multipart',
      url,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nusdot,na`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    attempts.push({
      what: 'multipart without a boundary',
      url,
      payload: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data' },
    })
    attempts.push({
      what: 'JSON that does not parse',
      url,
      payload: '{"name": "x"',
      headers: { 'content-type': 'application/json' },
    })
  }
  return attempts
}

function errorsOf(response: { body: string }): Record<string, string> | undefined {
  try {
    return (JSON.parse(response.body) as { errors?: Record<string, string> }).errors
  } catch {
    return undefined
  }
}

describe.each(databaseTargets())('hostile input on every route, on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }

  beforeAll(async () => {
    t = await createIdentityStack(target, {}, { everyReadModel: true })
    admin = await t.admin()
  }, 120_000)
  afterAll(() => t?.close())

  it('answers no request with a 5xx', async () => {
    const failures: string[] = []
    let sent = 0
    for (const route of t.routes.filter((r) => !liveStreams.includes(r.url))) {
      for (const attempt of attemptsFor(route)) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: attempt.url,
          headers: { authorization: `Bearer ${admin.token}`, ...attempt.headers },
          ...(attempt.payload !== undefined && route.method !== 'GET' && { payload: attempt.payload }),
        })
        sent++
        const what = `${route.method} ${route.url} ${attempt.what}`
        if (response.statusCode >= 500) {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 100)}`)
        } else if (attempt.refused && !(response.statusCode === 400 && attempt.refused in (errorsOf(response) ?? {}))) {
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 100)}, not a 400 naming it`)
        }
        // Personal data (contacts, applicants, their files) in any answer: no cache keeps one.
        if (response.headers['cache-control'] !== 'no-store') {
          failures.push(`${what}: cache-control ${String(response.headers['cache-control'])}`)
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(failures).toEqual([])
  }, 600_000)

  it('refuses a NUL byte or a lone surrogate with a 400 that names the field', async () => {
    for (const [bad, label] of [
      [NUL, 'NUL'],
      [LONE_SURROGATE, 'surrogate'],
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { name: `Acme ${bad}`, organizationTypeId: 7, address: { city: bad } },
      })
      expect(answer.statusCode, label).toBe(400)
      expect(Object.keys(answer.json().errors), label).toEqual(expect.arrayContaining(['name']))
      for (const list of ['/api/v1/contacts', '/api/v1/advanced-search']) {
        const filtered = await t.app.inject({
          method: 'GET',
          url: `${list}?options=${encodeURIComponent(JSON.stringify({ filter: { name: bad, dotNumber: bad } }))}`,
          headers: { authorization: `Bearer ${admin.token}` },
        })
        expect(filtered.statusCode, `${list} ${label}`).toBe(400)
        expect(Object.keys(filtered.json().errors), `${list} ${label}`).toEqual(['options.filter.name'])
      }
    }
  })
})
