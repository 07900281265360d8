import { serveBackups } from './backup/backup'
import { composeStandalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { DEMO_PASSWORD, demoUsers } from './seed/demo-data'
import { seed } from './seed/seed'
import { serveWebApp } from './web-app'

const config = loadStandaloneConfig()
const standalone = await composeStandalone(config)
const { app } = standalone
await serveWebApp(app)
// The embedded database has one connection, this process's: `npm run backup` asks it on a socket (backup/backup.ts).
let backups: { close(): Promise<void> } | undefined

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (backups?.close() ?? Promise.resolve()).then(() => standalone.close()).finally(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
if (!config.databaseUrl) backups = await serveBackups(config, standalone)
// Read models exist once their first backfill has switched over; seeding logs in, so it waits for them.
await standalone.projector.waitUntilActive(60_000)
await seed({ ...standalone, admin: config.admin, demo: config.seedDemo })
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
console.log(`\nTrucking sales CRM is running at http://localhost:${config.port}  (data: ${where})`)
console.log(`Log in as ${config.admin.email}`)
if (config.seedDemo) {
  console.log(`or as one of the demo's people, password ${DEMO_PASSWORD} (README, "The demo"):`)
  for (const user of demoUsers) console.log(`  ${user.email.padEnd(32)} ${user.name}, ${user.role}, division ${user.divisionId}`)
}
console.log('')
