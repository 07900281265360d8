import { READ_MODELS_CHANNEL } from '@crm/platform'
import { sql } from 'kysely'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http, { type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'
import { signUpTestUser } from './testing/test-user'
import { serveWebApp } from './web-app'

const INDEX_HTML = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-B5x0SHii.js"></script>'
// Big enough to be worth compressing, as every real chunk is.
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const row${i} = { id: ${i}, name: 'Row ${i}' }`).join('\n')
const SCRIPT_BR = brotliCompressSync(SCRIPT)

/** A web/dist laid out as Vite builds it: a page and a script, the script with the brotli copy the build writes. */
async function builtWebApp(root: string): Promise<void> {
  await mkdir(path.join(root, 'assets'), { recursive: true })
  await writeFile(path.join(root, 'index.html'), INDEX_HTML)
  await writeFile(path.join(root, 'assets', 'index-B5x0SHii.js'), SCRIPT)
  await writeFile(path.join(root, 'assets', 'index-B5x0SHii.js.br'), SCRIPT_BR)
}

/** Opens the change feed over a real socket and resolves once `until` has arrived. */
function openChangeFeed(url: string, until: RegExp): Promise<{ response: IncomingMessage; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        if (until.test(text)) resolve({ response, close: () => request.destroy() })
      })
    })
    request.on('error', reject)
  })
}

/** The standalone process as `npm start` runs it: the APIs and the built web app on one app, on PGlite. */
describe('standalone on PGlite: the web app on the wire', () => {
  let dir: string
  let standalone: Standalone
  let token: string
  // What browsers send over HTTPS.
  const browser = { 'accept-encoding': 'gzip, deflate, br' }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'crm-web-app-'))
    const webRoot = path.join(dir, 'dist')
    await builtWebApp(webRoot)
    const config = loadStandaloneConfig({ DATA_DIR: path.join(dir, 'data'), SEED_DEMO: '0', LOG_LEVEL: 'silent' })
    standalone = await composeStandalone(config)
    await serveWebApp(standalone.app, webRoot)
    await standalone.app.listen({ port: 0, host: '127.0.0.1' })
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    const login = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: { email: config.admin.email, password: config.admin.password },
    })
    token = login.json().token
    // Three users: a list long enough to be worth compressing.
    for (const name of ['Dana Reyes', 'Luis Ortega']) await signUpTestUser(standalone, name, ['call'])
  })
  afterAll(async () => {
    await standalone?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    standalone.app.inject({ method: 'GET', url, headers })

  it('lets browsers keep hashed assets for a year and asks again for index.html every time', async () => {
    const asset = await get('/assets/index-B5x0SHii.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/index.html', '/', '/contacts?query=%7B%7D']) {
      const page = await get(url)
      expect(page.body, url).toBe(INDEX_HTML)
      expect(page.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers a tracked email link on the server, and the page for a link it will not open', async () => {
    // The route is the server's, not the catch-all's: a made-up token goes to the app's page that says so.
    const click = await get('/api-email/click-link/made-up?redirectLink=https%3A%2F%2Fevil.example%2F')
    expect([click.statusCode, click.headers.location]).toEqual([303, '/api-email/link-not-valid'])
    expect((await get('/api-email/link-not-valid')).body).toBe(INDEX_HTML)
  })

  it('answers a chunk the build does not have with 404, not with index.html', async () => {
    expect((await get('/assets/contacts-page-0ld0ld00.js')).statusCode).toBe(404)
    expect((await get('/assets/index-B5x0SHii.js.br')).statusCode).toBe(404)
  })

  it('sends scripts and JSON answers compressed to clients that accept it, and plain to others', async () => {
    const script = await get('/assets/index-B5x0SHii.js', browser)
    expect(script.headers['content-encoding']).toBe('br')
    expect(script.headers['content-type']).toContain('javascript')
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(script.headers.vary).toContain('accept-encoding')
    // The build's brotli copy, as it is.
    expect(script.rawPayload.equals(SCRIPT_BR)).toBe(true)
    const gzip = await get('/assets/index-B5x0SHii.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    expect((await get('/assets/index-B5x0SHii.js')).body).toBe(SCRIPT)

    const auth = { authorization: `Bearer ${token}` }
    const users = await get('/api/v1/users', { ...auth, ...browser })
    expect(users.statusCode).toBe(200)
    expect(users.headers['content-encoding']).toBe('br')
    const plain = await get('/api/v1/users', auth)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(brotliDecompressSync(users.rawPayload).toString())).toEqual(plain.json())
  })

  it('streams the change feed uncompressed, each event as it happens', async () => {
    const { port } = standalone.app.server.address() as AddressInfo
    const issued = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/access-ticket',
      headers: { authorization: `Bearer ${token}` },
      payload: { route: '/changes' },
    })
    expect(issued.statusCode).toBe(200)
    const ticket = issued.json<{ ticket: string }>().ticket
    const feed = await openChangeFeed(`http://127.0.0.1:${port}/api/v1/changes?ticket=${ticket}`, /connected/)
    try {
      expect(feed.response.headers['content-type']).toContain('text/event-stream')
      expect(feed.response.headers['content-encoding']).toBeUndefined()
      const payload = JSON.stringify({
        projection: 'contacts_list',
        position: '00000000000000000042-00000000000000000007',
      })
      // Nothing else closes the stream or flushes a buffer: the event arrives only if it is written through.
      const event = new Promise<void>((resolve) => {
        let text = ''
        feed.response.on('data', (chunk: string) => {
          text += chunk
          if (text.includes(`data: ${payload}\n\n`)) resolve()
        })
      })
      await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${payload})`.execute(standalone.database.db)
      await event
    } finally {
      feed.close()
    }
  })
})
