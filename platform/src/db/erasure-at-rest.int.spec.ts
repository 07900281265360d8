import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { databaseTargets } from '../testing/test-database'
import type { Database } from './database'
import { createErasureAtRest, eraseAtRest } from './erasure-at-rest'

/**
 * The rewrite after an erasure (erasure-at-rest.ts) on each database kind: the named tables, their projection
 * versions and rebuild copies are rewritten (VACUUM FULL embedded, VACUUM on a server), others are left alone,
 * and the WAL is moved on; the background runner does one more run for an erasure asked for while one runs.
 */
describe.each(databaseTargets())('erasure at rest on $name', (target) => {
  let database: Database
  const lines: string[] = []
  const logger = createLogger('test', 'info', { write: (line: string) => lines.push(line) })

  beforeAll(async () => {
    database = await target.create()
    for (const table of ['people', 'people_v2', 'people_v3_rebuild', 'people_archive', 'unrelated']) {
      await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(database.db)
      await sql`insert into ${sql.table(table)} values (1, 'Quenby Armitage')`.execute(database.db)
      await sql`update ${sql.table(table)} set name = 'erased'`.execute(database.db)
    }
  })
  afterAll(() => database?.close())

  it('rewrites the tables of the named bases and their versions, and moves the WAL on', async () => {
    const { rewritten } = await eraseAtRest(database, ['people', 'missing_table'], logger)
    expect(rewritten).toEqual(['people', 'people_v2', 'people_v3_rebuild'])
    const { rows } = await sql<{ name: string }>`select name from people_v2`.execute(database.db)
    expect(rows).toEqual([{ name: 'erased' }])
    expect(lines.filter((l) => l.includes('"level":40'))).toEqual([])
  })

  it('runs in the background after each request, once more for one asked during a run', async () => {
    let runs = 0
    const atRest = createErasureAtRest({
      database,
      logger,
      tables: () => ['people'],
      readModelsCaughtUp: async () => {
        runs++
        return true
      },
    })
    atRest.request()
    atRest.request()
    await atRest.idle()
    expect(runs).toBe(2)
    await atRest.idle()
    expect(runs).toBe(2)
  })
})
