import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { databaseTargets } from '../testing/test-database'
import { forgetSession, isSessionRevoked, migrateAuthSessions } from './sessions'

describe.each(databaseTargets())('isSessionRevoked on $name', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
  })
  afterAll(() => database.close())

  const insert = (id: string, expires = "now() + interval '1 hour'") =>
    sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
        values (${id}::uuid, ${randomUUID()}::uuid, ${id}, ${sql.raw(expires)})`.execute(database.db)

  it('treats every session as ended while the table does not exist', async () => {
    expect(await isSessionRevoked(database.db, randomUUID())).toBe(true)
  })

  it('knows live, expired, revoked and unknown sessions', async () => {
    await migrateAuthSessions(database.db)
    const live = randomUUID()
    const expired = randomUUID()
    await insert(live)
    await insert(expired, "now() - interval '1 second'")
    expect(await isSessionRevoked(database.db, live)).toBe(false)
    expect(await isSessionRevoked(database.db, expired)).toBe(true)
    expect(await isSessionRevoked(database.db, randomUUID())).toBe(true)
    expect(await isSessionRevoked(database.db, 'not-a-uuid')).toBe(true)
  })

  it('caches answers for about two seconds, unless told to forget', async () => {
    const id = randomUUID()
    await insert(id)
    const t0 = Date.now()
    expect(await isSessionRevoked(database.db, id, t0)).toBe(false)
    await sql`update auth_sessions set revoked_at = now() where session_id = ${id}::uuid`.execute(database.db)
    expect(await isSessionRevoked(database.db, id, t0 + 1000)).toBe(false)
    expect(await isSessionRevoked(database.db, id, t0 + 2500)).toBe(true)

    const other = randomUUID()
    await insert(other)
    expect(await isSessionRevoked(database.db, other)).toBe(false)
    await sql`update auth_sessions set revoked_at = now() where session_id = ${other}::uuid`.execute(database.db)
    forgetSession(database.db, other)
    expect(await isSessionRevoked(database.db, other)).toBe(true)
  })
})
