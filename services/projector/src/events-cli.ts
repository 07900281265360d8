/**
 * Streams events for analysis as NDJSON on stdout, one stored event per line, in the store's global order:
 *   npm run events -- export [--after <position>] > events.ndjson
 */
import { START, isPosition } from '@crm/platform'
import { parseArgs } from 'node:util'
import { CliError, openCliDatabase, runCli } from './cli-database'
import { loadCliConfig } from './config'

const USAGE = 'Usage: npm run events -- export [--after <position>]'

await runCli(async () => {
  const { positionals, values } = parseArgs({ options: { after: { type: 'string' } }, allowPositionals: true })
  if (positionals[0] !== 'export' || positionals.length !== 1) throw new CliError(USAGE)
  if (values.after !== undefined && !isPosition(values.after))
    throw new CliError(`Not a position: ${values.after}\n${USAGE}`)
  const config = loadCliConfig()
  const { database, store } = await openCliDatabase(config)
  // A closed pipe (`| head`) ends the export quietly instead of failing.
  let closed = false
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true
    else throw error
  })
  try {
    let after = values.after ?? START
    let count = 0
    while (!closed) {
      const events = await store.readAll({ after, limit: config.batchSize })
      if (events.length === 0) break
      const chunk = events.map((e) => JSON.stringify(e)).join('\n') + '\n'
      if (!process.stdout.write(chunk)) await drained()
      after = events[events.length - 1]!.position
      count += events.length
    }
    console.error(`Exported ${count} events (up to ${after}).`)
  } finally {
    await store.close()
    await database.close()
  }
})

/** Waits for stdout to take more, or to be gone (then `closed` is set by the error handler above). */
function drained(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'close', 'error']) process.stdout.off(event, done)
      resolve()
    }
    for (const event of ['drain', 'close', 'error']) process.stdout.once(event, done)
  })
}
