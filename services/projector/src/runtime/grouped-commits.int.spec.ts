import { makePosition, migrateCheckpoints, type Database, type StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupedCommits, type BatchCommit } from './grouped-commits'
import type { AnyProjection } from './projection'

const at = (n: number) => makePosition(1, n)
const events = (to: number): StoredEvent[] => [
  {
    eventId: '00000000-0000-4000-8000-000000000001',
    streamId: 'contact-1',
    streamVersion: 1,
    position: at(to),
    type: 'Noted',
    data: {},
    metadata: {} as StoredEvent['metadata'],
    schemaVersion: 1,
    createdAt: new Date().toISOString(),
  },
]

/** A read model that records the batches applied to it in a table of its own, or fails. */
function recorder(name: string, fail = false): AnyProjection {
  // Names of its own (not contracts' readModelNames): these read models exist only in this test.
  const projection: AnyProjection = {
    name,
    version: 1,
    tables: ['applied'],
    migrate: async () => undefined,
    async applyBatch(trx, batch) {
      if (fail) throw new Error(`${name} cannot apply`)
      await sql`insert into applied (projection, position, txid)
                values (${name}, ${batch[0]!.position}, pg_current_xact_id()::text)`.execute(trx)
    },
  }
  return projection
}

describe.each(databaseTargets())('grouped projector commits on $name', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
    await migrateCheckpoints(database.db)
    await sql`create table applied (projection text not null, position text not null, txid text not null)`.execute(
      database.db,
    )
    await sql`
      insert into projection_checkpoints (name, version, position, state, events_applied) values
        ('tasks', 1, ${at(10)}, 'active', 10),
        ('meetings', 1, ${at(10)}, 'active', 10),
        ('notes', 1, ${at(7)}, 'active', 7),
        ('notes_old', 1, ${at(10)}, 'retired', 10),
        ('broken', 1, ${at(10)}, 'active', 10)`.execute(database.db)
  })
  afterAll(() => database.close())

  const batch = (projection: AnyProjection, apply = true): BatchCommit => ({
    projection,
    tables: { applied: 'applied' },
    events: events(15),
    from: at(10),
    apply,
  })
  const checkpoints = async () =>
    (
      await sql<{ name: string; position: string; events_applied: string }>`
        select name, position, events_applied::text from projection_checkpoints order by name`.execute(database.db)
    ).rows

  it('applies, skips or drops each batch of a group, moving only the checkpoints that were where their loop thought', async () => {
    const commit = groupedCommits(database.db)
    // Sent in one turn: one group, one transaction.
    const outcomes = await Promise.all([
      commit(batch(recorder('tasks'))),
      commit(batch(recorder('meetings'), false)), // nothing for it: only the checkpoint moves
      commit(batch(recorder('notes'))), // at 7, not 10: a rebuild or another instance moved it
      commit(batch(recorder('notes_old'))), // retired
    ])
    expect(outcomes).toEqual(['committed', 'committed', 'moved', 'moved'])
    expect((await sql`select projection from applied`.execute(database.db)).rows).toEqual([{ projection: 'tasks' }])
    expect(await checkpoints()).toEqual([
      { name: 'broken', position: at(10), events_applied: '10' },
      { name: 'meetings', position: at(15), events_applied: '11' },
      { name: 'notes', position: at(7), events_applied: '7' },
      { name: 'notes_old', position: at(10), events_applied: '10' },
      { name: 'tasks', position: at(15), events_applied: '11' },
    ])
  })

  it('commits the batches of every loop that resumed in the same turn in one transaction', async () => {
    await sql`update projection_checkpoints set position = ${at(10)}, events_applied = 10`.execute(database.db)
    await sql`delete from applied`.execute(database.db)
    const commit = groupedCommits(database.db)
    const ready = Promise.resolve()
    // As the projector's loops do after one shared read: each resumes from the same promise and commits.
    const outcomes = await Promise.all(
      ['tasks', 'meetings', 'broken'].map(async (name) => {
        await ready
        return commit(batch(recorder(name)))
      }),
    )
    expect(outcomes).toEqual(['committed', 'committed', 'committed'])
    const rows = (await sql<{ txid: string }>`select distinct txid from applied`.execute(database.db)).rows
    expect(rows).toHaveLength(1)
  })

  it('fails only the read model whose batch failed; the others of its group are committed', async () => {
    await sql`update projection_checkpoints set position = ${at(10)}, events_applied = 10`.execute(database.db)
    await sql`delete from applied`.execute(database.db)
    const commit = groupedCommits(database.db)
    const first = commit(batch(recorder('meetings')))
    const group = [commit(batch(recorder('broken', true))), commit(batch(recorder('tasks')))]
    await expect(first).resolves.toBe('committed')
    await expect(group[0]).rejects.toThrow('broken cannot apply')
    await expect(group[1]).resolves.toBe('committed')
    const applied = (await sql<{ projection: string }>`select projection from applied order by 1`.execute(database.db))
      .rows
    expect(applied.map((r) => r.projection)).toEqual(['meetings', 'tasks'])
    expect((await checkpoints()).find((r) => r.name === 'broken')).toMatchObject({ position: at(10) })
  })
})
