import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from '../testing/test-database'
import type { Database } from './database'
import { analyzeStaleTables, isStale, tableStatistics, vacuumAnalyzeTables } from './housekeeping'

const addRows = (db: Database['db'], from: number, to: number) =>
  sql`insert into carriers select g, 'carrier ' || g from generate_series(${from}::int, ${to}::int) g`.execute(db)

describe.each(databaseTargets())('database housekeeping ($name)', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
    await sql`create table carriers (id int primary key, name text not null)`.execute(database.db)
  })
  afterAll(() => database?.close())

  const statsOf = async () => (await tableStatistics(database.db, ['carriers', 'no_such_table']))[0]!

  it('analyzes a table never analyzed that holds rows, then only after it changed by more than a tenth', async () => {
    await addRows(database.db, 1, 20_000)
    expect((await statsOf()).analyzedRows).toBeLessThan(1)
    expect(await analyzeStaleTables(database.db, ['carriers', 'no_such_table'])).toEqual(['carriers'])
    expect((await statsOf()).analyzedRows).toBe(20_000)

    await addRows(database.db, 20_001, 21_000) // 5 %
    expect(await analyzeStaleTables(database.db, ['carriers'])).toEqual([])
    await addRows(database.db, 21_001, 23_000) // 15 % since the last ANALYZE
    expect(await analyzeStaleTables(database.db, ['carriers'])).toEqual(['carriers'])
    expect((await statsOf()).analyzedRows).toBe(23_000)
  })

  it('counts rows written in place (updates that do not grow the table) as changes too', async () => {
    const stats = await statsOf()
    expect(isStale(stats, 1_000)).toBe(false)
    expect(isStale(stats, 3_000)).toBe(true)
    expect(await analyzeStaleTables(database.db, ['carriers'], new Map([['carriers', 3_000]]))).toEqual(['carriers'])
  })

  it('runs VACUUM (ANALYZE) on a table', async () => {
    await sql`delete from carriers where id > 20000`.execute(database.db)
    await vacuumAnalyzeTables(database.db, ['carriers'])
    expect((await statsOf()).analyzedRows).toBe(20_000)
  })
})
