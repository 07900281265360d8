import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { postgresUrl } from '../testing/test-database'
import { createDatabase } from './database'

const url = postgresUrl()
const suite = url ? describe : describe.skip

suite(url ? 'database factory (postgres)' : 'database factory (postgres) (skipped: DATABASE_URL is not set)', () => {
  it("keeps the URL's own server options beside the schema it isolates itself in", async () => {
    const withOptions = new URL(url!)
    withOptions.searchParams.set('options', '-c statement_timeout=4321')
    const schema = `t_options_${randomBytes(4).toString('hex')}`
    const database = await createDatabase({ url: withOptions.toString(), schema, poolSize: 2 })
    try {
      const { rows } = await sql<{ schema: string; timeout: string }>`
        select current_schema() as schema, current_setting('statement_timeout') as timeout`.execute(database.db)
      expect(rows[0]).toEqual({ schema, timeout: '4321ms' })
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
      await database.close()
    }
  })
  it('applies the given server settings to every connection of the pool, beside the schema', async () => {
    const schema = `t_settings_${randomBytes(4).toString('hex')}`
    const database = await createDatabase({ url: url!, schema, poolSize: 2, settings: { jit: 'off' } })
    try {
      const { rows } = await sql<{ schema: string; jit: string }>`
        select current_schema() as schema, current_setting('jit') as jit`.execute(database.db)
      expect(rows[0]).toEqual({ schema, jit: 'off' })
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
      await database.close()
    }
  })
})
