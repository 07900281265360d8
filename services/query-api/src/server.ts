import { createDatabase, createLogger, stopOnSignals } from '@crm/platform'
import { buildQueryApp } from './app'
import { loadQueryApiConfig } from './config'

const config = loadQueryApiConfig()
const logger = createLogger('query-api', config.logLevel)
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  // Lists and pages are short queries: JIT compiling them added 50-67 ms each (docs/decisions/016-…).
  settings: { jit: 'off' },
})
const app = await buildQueryApp({ database, config, logger })

stopOnSignals(logger, async () => {
  await app.close()
  await database.close()
})

await app.listen({ port: config.port, host: config.host })
