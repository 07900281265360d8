import { createJobQueue, type EventStore, type HttpApp, type JobQueue, type Logger } from '@crm/platform'
import type { Kysely } from 'kysely'
import type { CommandApiConfig } from '../config'
import { phoneSessions } from '../ringcentral/phone-sessions'
import { ringCentralClient } from '../ringcentral/rc-client'
import { ringCentralRoutes } from './ringcentral-routes'
import { createSessionRefresher } from '../ringcentral/session-refresher'
import { tokenKeyFrom } from '../ringcentral/token-seal'
import { callRoutes, type Calling } from './routes'
import { ringOutFollower } from './ringout-follower'
import { callLogSync } from './call-log-sync'
import { incomingCallRoutes } from './incoming-routes'
import { phoneUpkeep } from './phone-upkeep'
import { recordingRoutes } from './recording-routes'
import { subscriptionKeeper } from '../ringcentral/incoming-subscription'

/**
 * Click-to-call on the command API: the RingCentral connection, the calls, incoming calls (the webhook), the
 * call log's recordings, and the jobs: the session refresh, the RingOut follower and the phone upkeep (webhook
 * subscriptions and call log sync), started once the app is ready and stopped when it closes. Without RingCentral settings the
 * routes answer how to enable it.
 */
export function registerCalling(
  api: HttpApp,
  deps: { store: EventStore; db: Kysely<unknown>; config: CommandApiConfig; logger: Logger; jobs?: JobQueue },
): void {
  const { store, db, config, logger } = deps
  let calling: Calling | null = null
  if (config.ringCentral) {
    const client = ringCentralClient({ ...config.ringCentral, redirectUri: `${config.publicUrl}/loginToRc` })
    const key = tokenKeyFrom({ tokenKey: config.ringCentral.tokenKey, jwtSecret: config.jwtSecret })
    const sessions = phoneSessions({ store, client, key, logger })
    // A command API without a job system still follows its calls, in process.
    const jobs = deps.jobs ?? createJobQueue({})
    const follower = ringOutFollower({ store, db, jobs, client, sessions, logger })
    const keeper = subscriptionKeeper({ store, client, sessions, key, publicUrl: config.publicUrl })
    const syncCallLog = callLogSync({ store, db, client, sessions })
    const upkeep = phoneUpkeep({ store, db, jobs, keeper, syncCallLog, logger })
    calling = { client, key, sessions, follower, upkeep }
    const refresher = createSessionRefresher({ sessions, store, db, logger })
    api.addHook('onReady', async () => {
      refresher.start()
      follower.start()
      upkeep.start()
    })
    api.addHook('onClose', async () => {
      await upkeep.stop()
      await follower.stop()
      await refresher.stop()
      if (!deps.jobs) await jobs.close()
    })
  }
  ringCentralRoutes(api, { calling })
  callRoutes(api, { store, db, calling })
  incomingCallRoutes(api, { store, key: calling?.key ?? null })
  recordingRoutes(api, { db, calling })
}
