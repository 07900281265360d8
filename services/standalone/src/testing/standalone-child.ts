/**
 * The standalone process without the web app, for crash tests (contact-lists/lead-import.crash.spec.ts): started as a
 * child, killed with SIGKILL, started again on the same database and DATA_DIR. Prints
 * `listening <port> jobs <in-process|bullmq>` once the administrator is seeded (PORT=0 picks a free port). SIGTERM
 * stops it as it stops the product (graceful-stop.int.spec.ts).
 */
import type { AddressInfo } from 'node:net'
import { stopOnSignals } from '@crm/platform'
import { composeStandalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { seed } from '../seed/seed'

const config = loadStandaloneConfig()
const standalone = await composeStandalone(config)
// As server.ts: SIGTERM stops it cleanly (graceful-stop.int.spec.ts); SIGKILL is the crash tests' own.
stopOnSignals(standalone.logger, () => standalone.close())
await standalone.app.listen({ port: config.port, host: '127.0.0.1' })
await standalone.projector.waitUntilActive(60_000)
await seed({ ...standalone, admin: config.admin, demo: false })
console.log(`listening ${(standalone.app.server.address() as AddressInfo).port} jobs ${standalone.jobs.kind}`)
