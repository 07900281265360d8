import { contactBody } from '../http-commands'
import { httpClient, type HttpAnswer, type HttpClient } from '../http-client'
import { closedLoop } from '../http-load'
import type { BenchUser, RunningServices } from '../services'
import { percentile } from '../stats'
import type { BenchRow } from './bench-row'
import { listCases, MANAGER, type ListCase } from './http-list-cases'

/** Issue 12: every list shape's p95 under this, and under BY_ID_FACTOR × reading one contact by id. */
const TARGET_MS = 50
const BY_ID_FACTOR = 3
const MIX_CLIENTS = 16
/**
 * Where the DOT and MC numbers of the contacts created here start (contactBody: DOT 1,000,000 + n, MC n): clear of
 * the generated contacts (DOT up to 2,000,000, MC up to 1,100,000) and of the lead import that runs after
 * (DOT 5,000,000 +, MC 3,000,000 +), whose rows would otherwise be skipped as duplicates.
 */
const MIX_NUMBERS = 6_000_000
const SEED_NUMBERS = 8_000_000

/**
 * The contacts tables at a million contacts through HTTP: the query API process (bench/services.ts) answers
 * one keep-alive connection per caller, one request at a time. First reading one contact by id, the yardstick;
 * then each list shape; then 16 clients mixing list reads (70 %) and creates (30 %).
 */
export async function measureListsOverHttp(
  services: RunningServices,
  rounds: number,
  mixSeconds: number,
): Promise<BenchRow[]> {
  const tokens = new Map<BenchUser, string>()
  for (const c of listCases) if (!tokens.has(c.user)) tokens.set(c.user, await services.tokenFor(c.user))
  const clients = new Map([...tokens].map(([user, token]) => [user, httpClient(services.queryUrl, MIX_CLIENTS, token)]))
  const commands = httpClient(services.commandUrl, MIX_CLIENTS, services.token)
  try {
    const manager = clients.get(MANAGER)!
    const ids = await createContacts(commands, 100)
    await untilVisible(manager, ids.at(-1)!)
    const byId = await timed(rounds, (i) => manager.request('GET', `/api/v1/contacts/${ids[i % ids.length]}`), 'by id')
    const byId95 = percentile(byId, 95)
    const limit = Math.min(TARGET_MS, BY_ID_FACTOR * byId95)
    const rows: BenchRow[] = [
      { name: 'Reading one contact by id (GET /contacts/{id}): p50', value: percentile(byId, 50), unit: 'ms' },
      { name: 'Reading one contact by id (GET /contacts/{id}): p95', value: byId95, unit: 'ms' },
    ]
    const target = `< ${TARGET_MS} ms and < ${BY_ID_FACTOR}× by id (${limit.toFixed(1)} ms)`
    for (const c of listCases) {
      const send = (i: number) => clients.get(c.user)!.request('GET', c.path(i))
      rows.push(...(await latencyRows(c.name, rounds, send, { byId95, limit, target })))
    }
    rows.push(...(await mixedLoad(clients, commands, mixSeconds)))
    return rows
  } finally {
    for (const client of [...clients.values(), commands]) client.close()
  }
}

/** 16 closed loops; each request is a create (POST /contacts, command API) 3 times in 10, else a list read. */
async function mixedLoad(clients: Map<BenchUser, HttpClient>, commands: HttpClient, seconds: number) {
  const reads: number[] = []
  const creates: number[] = []
  const send = async (worker: number, i: number): Promise<HttpAnswer> => {
    const isCreate = (worker + i) % 10 < 3
    const c: ListCase = listCases[(worker * 7 + i) % listCases.length]!
    const t = performance.now()
    const answer = isCreate
      ? await commands.request('POST', '/api/v1/contacts', { body: contactBody(MIX_NUMBERS + worker * 100_000 + i) })
      : await clients.get(c.user)!.request('GET', c.path(i))
    ;(isCreate ? creates : reads).push(performance.now() - t)
    return answer
  }
  await closedLoop(MIX_CLIENTS, Math.min(3, seconds / 4), (w, i) => send(w, i + 50_000))
  reads.length = creates.length = 0
  const load = await closedLoop(MIX_CLIENTS, seconds, send)
  const note = 'the load generator runs on the same 2 cores as PostgreSQL and the services'
  return [
    {
      name: `${MIX_CLIENTS} clients, 70 % list reads and 30 % creates: requests/s`,
      value: load.perSecond,
      unit: '/s',
      note: `${load.errors} errors; ${note}`,
    },
    { name: '… p99 of all requests', value: percentile(load.latenciesMs, 99), unit: 'ms', note },
    { name: '… p99 of list reads', value: percentile(reads, 99), unit: 'ms' },
    { name: '… p99 of creates', value: percentile(creates, 99), unit: 'ms' },
  ]
}

/** The p50 and p95 rows of one request shape, its p95 judged against `limit` beside the by-id p95. */
export async function latencyRows(
  name: string,
  rounds: number,
  send: (i: number) => Promise<HttpAnswer>,
  judge: { byId95: number; limit: number; target: string },
): Promise<BenchRow[]> {
  const times = await timed(rounds, send, name)
  const p95 = percentile(times, 95)
  return [
    { name: `${name}: p50`, value: percentile(times, 50), unit: 'ms' },
    {
      name: `${name}: p95`,
      value: p95,
      unit: 'ms',
      target: judge.target,
      pass: p95 < judge.limit,
      baseline: judge.byId95,
    },
  ]
}

/** Milliseconds of `rounds` requests one after another, after 10 uncounted (connection, caches); non-200 throws. */
export async function timed(rounds: number, send: (i: number) => Promise<HttpAnswer>, what: string): Promise<number[]> {
  const times: number[] = []
  for (let i = -10; i < rounds; i++) {
    const t = performance.now()
    const answer = await send(i < 0 ? rounds - i : i)
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`)
    if (i >= 0) times.push(performance.now() - t)
  }
  return times
}

async function createContacts(commands: HttpClient, n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const answer = await commands.request('POST', '/api/v1/contacts', { body: contactBody(SEED_NUMBERS + i) })
    if (answer.status >= 300) throw new Error(`create: ${answer.status} ${answer.body.slice(0, 300)}`)
    ids.push((JSON.parse(answer.body) as { id: string }).id)
  }
  return ids
}

async function untilVisible(client: HttpClient, id: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while ((await client.request('GET', `/api/v1/contacts/${id}`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`contact ${id} not visible after 60 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
