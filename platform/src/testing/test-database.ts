import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { createDatabase, type Database } from '../db/database'

export interface DatabaseTarget {
  name: 'pglite' | 'postgres'
  /** A fresh, empty database (a new schema on real PostgreSQL, a new in-memory PGlite). */
  create(): Promise<Database>
}

/**
 * Where integration tests run (docs/architecture.md): PGlite always; real PostgreSQL when DATABASE_URL is set.
 * (Testcontainers would go here when a Docker engine is reachable; these machines have none.)
 */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', create: createInMemoryPglite }]
  const url = process.env.DATABASE_URL
  if (url) targets.push({ name: 'postgres', create: () => createIsolatedPostgres(url) })
  return targets
}

let pgliteTemplate: Promise<Blob> | undefined

/**
 * A new, empty in-memory PGlite. The first one in a process runs initdb (2 to 5 s on two cores); its data directory,
 * taken before anything is written to it, is the template every later one starts from (about 0.6 s).
 */
export async function createInMemoryPglite(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const first = await createDatabase({})
    try {
      return await first.dumpDataDir!()
    } finally {
      await first.close()
    }
  })()
  // A failed first start is not kept: the next caller tries again.
  const template = await pgliteTemplate.catch((error: unknown) => {
    pgliteTemplate = undefined
    throw error
  })
  return createDatabase({ template })
}

/** The real-PostgreSQL target, or undefined with the reason a suite is skipped. */
export function postgresUrl(): string | undefined {
  return process.env.DATABASE_URL
}

export async function createIsolatedPostgres(url: string, poolSize = 20): Promise<Database> {
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const database = await createDatabase({ url, schema, poolSize })
  const close = database.close
  return {
    ...database,
    async close() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined)
      await close()
    },
  }
}
