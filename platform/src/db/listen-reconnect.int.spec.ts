import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCuttableProxy, type CuttableProxy } from '../testing/cuttable-proxy'
import { postgresUrl } from '../testing/test-database'
import { createDatabase, type Database } from './database'

const url = postgresUrl()
const suite = url ? describe : describe.skip

/**
 * The connection that LISTENs (the projector's wake-ups, the changes stream) is opened again after the server
 * went away and came back, and listens on its channels again, in the same process (decision 056).
 */
suite(url ? 'LISTEN after the server went away (postgres)' : 'LISTEN after the server went away (skipped)', () => {
  let proxy: CuttableProxy
  let database: Database
  let direct: pg.Client
  const channel = `listen_test_${randomBytes(4).toString('hex')}`

  beforeAll(async () => {
    const target = new URL(url!)
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) })
    database = await createDatabase({ url: proxy.urlThrough(url!), poolSize: 2 })
    direct = new pg.Client({ connectionString: url })
    await direct.connect()
  })
  afterAll(async () => {
    proxy?.restore()
    await direct?.end()
    await database?.close()
    await proxy?.close()
  })

  // Notifies until one arrives: a notification sent while the listener is away is lost by design.
  const received = async (payloads: string[], payload: string) => {
    await expect
      .poll(
        async () => {
          await direct.query(`select pg_notify($1, $2)`, [channel, payload])
          await new Promise((r) => setTimeout(r, 100))
          return payloads.includes(payload)
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true)
  }

  it('hears notifications again once the server is back', async () => {
    const payloads: string[] = []
    await database.listen(channel, (payload) => payloads.push(payload))
    await received(payloads, 'before')

    proxy.cut()
    await expect.poll(() => proxy.open, { timeout: 10_000 }).toBe(0)
    proxy.restore()
    await received(payloads, 'after')
  }, 60_000)
})
