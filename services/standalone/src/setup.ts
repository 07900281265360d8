import { composeStandalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

/** Migrates and seeds against real servers, then exits (docker-compose's one-off `setup` service). */
const config = loadStandaloneConfig()
const standalone = await composeStandalone(config)
await standalone.app.ready()
await standalone.projector.waitUntilActive(120_000)
await seed({ ...standalone, admin: config.admin, demo: config.seedDemo })
await standalone.close()
console.log('Setup done.')
