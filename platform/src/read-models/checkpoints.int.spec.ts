import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { START } from '../event-store/position'
import { databaseTargets } from '../testing/test-database'
import { migrateCheckpoints, waitForPosition } from './checkpoints'

describe.each(databaseTargets())('waiting on read models ($name)', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
    await migrateCheckpoints(database.db)
  })
  afterAll(() => database?.close())

  it('does not take a projection that is not serving yet for one at the start of an empty store', async () => {
    expect(await waitForPosition(database.db, ['task_reminders'], START, 50)).toBe(false)
    await sql`insert into projection_checkpoints (name, version, state) values ('task_reminders', 1, 'active')`.execute(
      database.db,
    )
    expect(await waitForPosition(database.db, ['task_reminders'], START, 50)).toBe(true)
  })

  it('stops waiting when its signal aborts, answering that it did not get there', async () => {
    const stopping = new AbortController()
    // Not reached within a minute: only the abort can end this wait before the test's own timeout.
    const waiting = waitForPosition(database.db, ['not_a_projection'], START, 60_000, stopping.signal)
    setTimeout(() => stopping.abort(), 50)
    expect(await waiting).toBe(false)
  }, 10_000)
})
