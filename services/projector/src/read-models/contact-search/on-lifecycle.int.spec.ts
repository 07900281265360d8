import { nationalityName } from '@crm/contracts'
import type { Database, StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionedTables } from '../../runtime/projection'
import { tableDigest } from '../../testing/db-helpers'
import { contactLifeEvents } from '../../testing/lifecycle-events'
import { contactSearchProjection } from './contact-search.projection'

/**
 * The lists and Advanced Search show the preferred language chosen when a Prospect becomes an Account (docs/product.md,
 * the convert dialog's "Preferred Language"), on every division row of the contact, and the Ex-Yu filter follows it.
 */
describe.each(databaseTargets())('contact_search through a contact’s life on $name', (target) => {
  let database: Database
  // A version of its own: the name-word triggers find their tables by the versioned name.
  const tables = versionedTables(contactSearchProjection, 9001)
  const table = tables.contact_search!
  const { contactId, events } = contactLifeEvents()
  const applyAll = async (list: readonly StoredEvent[], batch: number) => {
    for (let i = 0; i < list.length; i += batch) {
      await database.db
        .transaction()
        .execute((trx) => contactSearchProjection.applyBatch(trx, list.slice(i, i + batch), tables))
    }
  }
  beforeAll(async () => {
    database = await target.create()
    await database.db.transaction().execute((trx) => contactSearchProjection.migrate(trx, tables))
    await applyAll(events, 100)
  }, 60_000)
  afterAll(() => database?.close())

  it('takes the conversion’s preferred language onto every division row, the one joined later too', async () => {
    // Created with nationality 2 (Spanish); converted to Account with 3 (Ex-Yu); then Commercial Finance took it up.
    const { rows } = await sql<{ division_id: number; status_id: number; nationality_id: number; is_ex_yu: boolean }>`
      select division_id, status_id, nationality_id, is_ex_yu from ${sql.table(table)}
      where contact_id = ${contactId}::uuid order by division_id`.execute(database.db)
    expect(rows).toEqual([
      { division_id: 2, status_id: 2, nationality_id: 3, is_ex_yu: true },
      { division_id: 15, status_id: 3, nationality_id: 3, is_ex_yu: true },
    ])
    expect(nationalityName(rows[0]!.nationality_id)).toBe('Ex-Yu')
  })

  it('applies the same events in other batches to the same rows', async () => {
    const before = await tableDigest(database.db, table, 'contact_id, division_id')
    await applyAll(events, 1)
    await applyAll(events, 3)
    expect(await tableDigest(database.db, table, 'contact_id, division_id')).toEqual(before)
    await sql`delete from ${sql.table(table)}`.execute(database.db)
    await applyAll(events, 2)
    expect(await tableDigest(database.db, table, 'contact_id, division_id')).toEqual(before)
  })
})
