import { stopOnSignals } from '@crm/platform'
import { serveBackups } from './backup/backup'
import { composeStandalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { DEMO_PASSWORD, demoUsers } from './seed/demo-data'
import { seedDemo, seedPeople } from './seed/seed'
import { serveWebApp } from './web-app'

const config = loadStandaloneConfig()
const standalone = await composeStandalone(config)
const { app } = standalone
await serveWebApp(app)
// The embedded database has one connection, this process's: `npm run backup` asks it on a socket (backup/backup.ts).
let backups: { close(): Promise<void> } | undefined

// SIGTERM: no new requests, those in flight answered, the projection batch and running jobs finished (10 s at most).
stopOnSignals(standalone.logger, async () => {
  await backups?.close()
  await standalone.close()
})

await app.listen({ port: config.port, host: config.host })
if (!config.databaseUrl) backups = await serveBackups(config, standalone)
// Read models exist once their first backfill has switched over; seeding logs in, so it waits for them.
await standalone.projector.waitUntilActive(60_000)
const seedInput = { ...standalone, admin: config.admin, demo: config.seedDemo }
const people = await seedPeople(seedInput)
// The demo's quarter of work is written in the background: the product is in use meanwhile, the log says each
// phase, and a start that stops halfway carries on at the next one.
const demo = config.seedDemo
  ? seedDemo(seedInput, people).catch((error: unknown) =>
      standalone.logger.error({ err: error }, 'the demo stopped; the next start carries on where it stopped'),
    )
  : undefined
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
console.log(`\nTrucking sales CRM is running at http://localhost:${config.port}  (data: ${where})`)
console.log(`Log in as ${config.admin.email}`)
if (config.seedDemo) {
  console.log(`or as one of the demo's people, password ${DEMO_PASSWORD} (README, "The demo"):`)
  for (const user of demoUsers)
    console.log(`  ${user.email.padEnd(32)} ${user.name}, ${user.role}, division ${user.divisionId}`)
  console.log('A first start writes the demo meanwhile: log lines "demo: ...", then "demo data in place".')
}
console.log('')
await demo
