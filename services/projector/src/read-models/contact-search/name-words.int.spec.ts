import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionedTables } from '../../runtime/projection'
import { contactSearchProjection } from './contact-search.projection'
import type { ContactSearchWordTables } from './name-words.schema'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const owner = id(900)

/**
 * The walk's words follow contact_search through its triggers, whatever writes it (docs/decisions/044): after each
 * kind of write, the words table holds exactly a row per word of each row that is not deleted, with its owner and
 * category, and the vocabulary exactly the words some row of the division holds.
 */
describe.each(databaseTargets())('the words of the names on $name', (target) => {
  let database: Database
  let tables: ContactSearchWordTables
  beforeAll(async () => {
    database = await target.create()
    tables = versionedTables(contactSearchProjection) as ContactSearchWordTables
    await database.db.transaction().execute((trx) => contactSearchProjection.migrate(trx, tables))
  }, 60_000)
  afterAll(() => database?.close())

  const t = () => sql.table(tables.contact_search)
  const insert = (n: number, name: string, division = 15, assigned: string | null = null) =>
    sql`insert into ${t()} (contact_id, division_id, name, status_id, assigned, version)
      values (${id(n)}::uuid, ${division}, ${name}, 1, ${assigned}::uuid, 1)`.execute(database.db)

  /** What the words and the vocabulary should hold, computed from contact_search, against what they hold. */
  async function expectInStep(): Promise<void> {
    const { rows: expected } = await sql<Record<string, unknown>>`
      select distinct s.division_id, w as word, s.name_key, s.contact_id, s.assigned, s.contact_category
      from ${t()} s cross join lateral regexp_split_to_table(s.name_key, '\\s+') w
      where not s.deleted and w <> '' order by 1, 2, 3, 4`.execute(database.db)
    const { rows: actual } = await sql<Record<string, unknown>>`
      select division_id, word, name_key, contact_id, assigned, contact_category
      from ${sql.table(tables.contact_search_words)} order by 1, 2, 3, 4`.execute(database.db)
    expect(actual).toEqual(expected)
    const { rows: vocabulary } = await sql<{ division_id: number; word: string }>`
      select division_id, word from ${sql.table(tables.contact_search_vocabulary)} order by 1, 2`.execute(database.db)
    const words = [...new Set(expected.map((r) => `${String(r.division_id)} ${String(r.word)}`))].sort()
    expect(vocabulary.map((r) => `${r.division_id} ${r.word}`).sort()).toEqual(words)
  }

  it('holds each word of a new row once, in its division, with the owner and the category', async () => {
    await insert(1, 'Great Lakes  Trucking Lakes')
    await insert(2, 'Blue Line', 15, owner)
    await insert(3, 'Blue Line', 2)
    await sql`insert into ${t()} (contact_id, division_id, name, status_id, contact_category, version)
      select ('00000000-0000-4000-8000-' || lpad((100 + i)::text, 12, '0'))::uuid, 15, 'Convoy ' || i, 1, 4, 1 from generate_series(1, 50) i`.execute(
      database.db,
    )
    await expectInStep()
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(tables.contact_search_words)}
      where contact_id = ${id(1)}::uuid`.execute(database.db)
    expect(Number(rows[0]!.n)).toBe(3)
  })

  it('follows a rename, a new owner, a category, a deletion and a hard delete; a word no row holds leaves', async () => {
    await sql`update ${t()} set name = 'Great Lakes Freight' where contact_id = ${id(1)}::uuid`.execute(database.db)
    await expectInStep()
    await sql`update ${t()} set assigned = ${owner}::uuid where contact_id = ${id(1)}::uuid`.execute(database.db)
    await sql`update ${t()} set contact_category = 5, assigned = null where contact_id = ${id(2)}::uuid`.execute(
      database.db,
    )
    await expectInStep()
    await sql`update ${t()} set deleted = true where contact_id = ${id(3)}::uuid`.execute(database.db)
    await sql`delete from ${t()} where contact_id = ${id(101)}::uuid`.execute(database.db)
    await expectInStep()
    // Division 2 held "blue" and "line" only through the deleted row; "trucking" went with the rename.
    const { rows } = await sql<{ word: string }>`select word from ${sql.table(tables.contact_search_vocabulary)}
      where (division_id = 2) or word = 'trucking'`.execute(database.db)
    expect(rows).toEqual([])
    await sql`update ${t()} set deleted = false where contact_id = ${id(3)}::uuid`.execute(database.db)
    await sql`update ${t()} set version = version + 1, status_id = 2`.execute(database.db)
    await expectInStep()
  })

  it('keeps in step after the tables are renamed, as a rebuild ends', async () => {
    const renamed = Object.fromEntries(
      Object.entries(tables).map(([base, name]) => [base, name.replace(/_v(\d+)$/, '_v$1_rebuild')]),
    ) as ContactSearchWordTables
    for (const base of Object.keys(tables) as (keyof ContactSearchWordTables)[]) {
      await sql`alter table ${sql.table(tables[base])} rename to ${sql.id(renamed[base])}`.execute(database.db)
    }
    tables = renamed
    await insert(4, 'Prairie Haulers')
    await sql`update ${t()} set name = 'Prairie Carriers' where contact_id = ${id(4)}::uuid`.execute(database.db)
    await expectInStep()
  })
})
