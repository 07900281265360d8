import { makePosition, migrateCheckpoints, type Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipCheckpoints } from './checkpoint-rows'

const at = (n: number) => makePosition(1, n)

describe.each(databaseTargets())('grouped checkpoint skips on $name', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
    await migrateCheckpoints(database.db)
    await sql`
      insert into projection_checkpoints (name, version, position, state, events_applied) values
        ('tasks', 1, ${at(10)}, 'active', 10),
        ('meetings', 1, ${at(10)}, 'active', 10),
        ('notes', 1, ${at(7)}, 'active', 7),
        ('notes_old', 1, ${at(10)}, 'retired', 10)`.execute(database.db)
  })
  afterAll(() => database.close())

  it('moves each checkpoint that is where its loop thinks, and reports the others as moved under it', async () => {
    const skip = (name: string) => ({ name, version: 1, from: at(10), to: at(15), eventCount: 5 })
    const skipped = await skipCheckpoints(database.db, [
      skip('tasks'),
      skip('notes'), // at 7, not 10: a rebuild or another instance moved it
      skip('meetings'),
      skip('notes_old'), // retired
      skip('unknown'),
    ])
    expect(skipped).toEqual([true, false, true, false, false])
    const { rows } = await sql<{ name: string; position: string; events_applied: string }>`
      select name, position, events_applied::text from projection_checkpoints order by name`.execute(database.db)
    expect(rows).toEqual([
      { name: 'meetings', position: at(15), events_applied: '15' },
      { name: 'notes', position: at(7), events_applied: '7' },
      { name: 'notes_old', position: at(10), events_applied: '10' },
      { name: 'tasks', position: at(15), events_applied: '15' },
    ])
  })
})
