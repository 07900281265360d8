/**
 * Operators' and analysts' projection commands (docs/architecture.md, "Read side: projections"):
 *   npm run projections -- status
 *   npm run projections -- rebuild <name>            fresh copy from the first event, then switch to it
 *   npm run projections -- replay <name> --to <table> build the read model into a table of your choosing
 */
import { migrateCheckpoints } from '@crm/platform'
import { parseArgs } from 'node:util'
import { allProjections } from './all-projections'
import { CliError, openCliDatabase, runCli } from './cli-database'
import { loadCliConfig } from './config'
import type { CatchUpProgress } from './runtime/catch-up'
import type { AnyProjection } from './runtime/projection'
import { rebuildProjection } from './runtime/rebuild'
import { replayProjection } from './runtime/replay'
import { projectionStatus } from './runtime/status'
import { formatStatusTable } from './status-table'

const USAGE = `Usage: npm run projections -- status | rebuild <name> | replay <name> --to <table>
Projections: ${allProjections.map((p) => p.name).join(', ')}`

await runCli(async () => {
  const { positionals, values } = parseArgs({ options: { to: { type: 'string' } }, allowPositionals: true })
  const [command, name] = positionals
  if (command !== 'status' && command !== 'rebuild' && command !== 'replay') throw new CliError(USAGE)
  const projection = command === 'status' ? undefined : findProjection(name)
  if (command === 'replay' && !values.to) throw new CliError(`replay needs --to <table>.\n${USAGE}`)

  const config = loadCliConfig()
  const { database, store } = await openCliDatabase(config)
  try {
    if (command === 'status') {
      await migrateCheckpoints(database.db) // a database no projector has touched yet has no checkpoint table
      console.log(formatStatusTable(await projectionStatus(database, store)))
    } else if (command === 'rebuild') {
      const done = await rebuildProjection(database, store, projection!, {
        batchSize: config.batchSize,
        onProgress: progressPrinter(projection!.name),
      })
      console.log(
        `Rebuilt ${projection!.name} v${projection!.version}: ${done.events} events, now serving at ${done.position}.`,
      )
    } else {
      const done = await replayProjection(database, store, projection!, values.to!, {
        batchSize: config.batchSize,
        knownProjections: allProjections,
        onProgress: progressPrinter(projection!.name),
      })
      console.log(
        `Replayed ${done.events} events of ${projection!.name} into ${Object.values(done.tables).join(', ')} (up to ${done.position}).`,
      )
    }
  } finally {
    await store.close()
    await database.close()
  }
})

/** The newest registered version of that name: the one a rebuild or replay should produce. */
function findProjection(name: string | undefined): AnyProjection {
  const versions = allProjections.filter((p) => p.name === name).sort((a, b) => b.version - a.version)
  if (!versions[0]) throw new CliError(name ? `Unknown projection "${name}".\n${USAGE}` : USAGE)
  return versions[0]
}

/** Progress on stderr at most every two seconds, so stdout stays the result alone. */
function progressPrinter(name: string) {
  let last = 0
  return (progress: CatchUpProgress) => {
    if (Date.now() - last < 2_000) return
    last = Date.now()
    console.error(`${name}: ${progress.events} events applied (at ${progress.position})`)
  }
}
