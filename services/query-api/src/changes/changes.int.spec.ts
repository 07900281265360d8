import { READ_MODELS_CHANNEL, issueAccessTicket, toRequestUser, type JwtClaims } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { get, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestQueryApp } from '../testing/test-app'

/** Opens the stream and collects its text until `until` matches. */
function readStream(url: string, until: RegExp): Promise<{ response: IncomingMessage; text: string; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      let text = ''
      const close = () => request.destroy()
      if (response.statusCode !== 200) return resolve({ response, text, close })
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        if (until.test(text)) resolve({ response, text, close })
      })
    })
    request.on('error', reject)
  })
}

describe.each(databaseTargets())('GET /api/v1/changes on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  let base: string
  beforeAll(async () => {
    t = await createTestQueryApp(target)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/changes`
  })
  afterAll(() => t.close())

  /** A ticket for the feed in the name of a new user, as POST /auth/access-ticket issues it. */
  const ticketUrl = async (route = '/api/v1/changes') => {
    const token = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: [] })
    const { ticket } = await issueAccessTicket(t.db, toRequestUser(t.app.jwt.decode<JwtClaims>(token)!), route)
    return `${base}?ticket=${ticket}`
  }

  it('streams read-model notifications as server-sent events', async () => {
    const opened = await readStream(await ticketUrl(), /connected/)
    expect(opened.response.headers['content-type']).toContain('text/event-stream')

    const next = new Promise<string>((resolve) => {
      let text = ''
      opened.response.on('data', (chunk: string) => {
        text += chunk
        if (text.includes('\n\n') && text.includes('data:')) resolve(text)
      })
    })
    const payload = JSON.stringify({
      projection: 'contacts_list',
      position: '00000000000000000042-00000000000000000007',
    })
    await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${payload})`.execute(t.db)
    expect(await next).toContain(`data: ${payload}\n\n`)
    opened.close()
  })

  it('refuses a missing, bad or used ticket, a ticket of another route and a token in the URL with 401', async () => {
    expect((await readStream(base, /never/)).response.statusCode).toBe(401)
    expect((await readStream(`${base}?ticket=nope`, /never/)).response.statusCode).toBe(401)
    const token = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: [] })
    expect((await readStream(`${base}?access_token=${token}`, /never/)).response.statusCode).toBe(401)
    expect((await readStream(await ticketUrl('/api/v1/activity/download-file'), /never/)).response.statusCode).toBe(401)
    const once = await ticketUrl()
    const first = await readStream(once, /connected/)
    first.close()
    expect((await readStream(once, /never/)).response.statusCode).toBe(401)
  })

  it('ends open streams when the app closes', async () => {
    const opened = await readStream(await ticketUrl(), /connected/)
    const ended = new Promise((resolve) => opened.response.on('end', resolve))
    await t.app.close()
    await ended
  })
})
