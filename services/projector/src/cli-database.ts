import { createDatabase, createEventStore, type Database, type EventStore } from '@crm/platform'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { CliConfig } from './config'

/** A failure the CLI explains in one line, without a stack trace. */
export class CliError extends Error {}

/**
 * The CLIs' database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR, which
 * only one process may open at a time. PGlite does not refuse a second opener (both would write the same
 * files), so the marker it keeps while open is checked here first.
 */
export async function openCliDatabase(config: CliConfig): Promise<{ database: Database; store: EventStore }> {
  let database: Database
  if (config.databaseUrl) {
    database = await createDatabase({ url: config.databaseUrl, poolSize: 4 })
  } else {
    const dir = embeddedDatabaseDir(config.dataDir)
    if (!dir) {
      throw new CliError(
        `No embedded database in ${resolve(config.dataDir)}. Start the CRM once (npm start), or set DATA_DIR or DATABASE_URL.`,
      )
    }
    if (existsSync(join(dir, 'postmaster.pid'))) {
      throw new CliError(
        `The embedded database in ${dir} is locked: it is in use by another process (is the CRM running?). ` +
          `PGlite can't be opened by two processes at once: stop that process first, or use PostgreSQL (DATABASE_URL). ` +
          `If nothing is using it (a crash left the lock behind), delete ${join(dir, 'postmaster.pid')}.`,
      )
    }
    database = await createDatabase({ dataDir: dir })
  }
  const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
  return { database, store }
}

/** Runs a CLI's main, printing CliErrors as one line, and closes what it opened. */
export async function runCli(main: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await main()) ?? 0
  } catch (error) {
    process.exitCode = 1
    if (error instanceof CliError) console.error(error.message)
    else console.error(error)
  }
}

/**
 * Where the embedded PGlite lives: `<DATA_DIR>/pglite` as the standalone process lays it out (uploaded files
 * get a folder of their own beside it), or DATA_DIR itself for a database created directly there.
 */
function embeddedDatabaseDir(dataDir: string): string | undefined {
  return [join(dataDir, 'pglite'), dataDir].map((d) => resolve(d)).find((d) => existsSync(join(d, 'PG_VERSION')))
}
