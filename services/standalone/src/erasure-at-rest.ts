import {
  createErasureAtRest,
  waitForPosition,
  type Database,
  type ErasureAtRest,
  type EventStore,
  type HttpApp,
  type Logger,
} from '@crm/platform'
import { allProjections, eventTypesOf } from '@crm/projector'

/** The events an erasure records: the read models that copy personal data act on them. */
const ERASURE_EVENTS = ['PersonalDataErased', 'CreditApplicationPersonalDataErased']

/** Read models that rewrite their rows on an erasure (or may act on any event). */
const erasingProjections = allProjections.filter((p) => {
  const types = eventTypesOf(p)
  return !types || ERASURE_EVENTS.some((type) => types.has(type))
})

/**
 * Besides those read models: the erasure keys (a destroyed key's bytes stay in the old row version), the local
 * outbox (mail to the erased addresses is deleted) and the store's events (events from before sealing are
 * redacted in place).
 */
export const erasureTables = (): string[] => [
  ...new Set([...erasingProjections.flatMap((p) => p.tables), 'personal_data_keys', 'mail_outbox', 'events']),
]

/**
 * Every successful erasure command (a contact's or a credit application's) is followed, once its answer is on its
 * way, by the rewrite that leaves no erased value in the database's files (platform/src/db/erasure-at-rest.ts).
 * The command does not wait for it; `idle()` does (tests, shutdown).
 */
export function eraseAtRestAfterErasures(
  app: HttpApp,
  { database, store, logger }: { database: Database; store: EventStore; logger: Logger },
): ErasureAtRest {
  const names = [...new Set(erasingProjections.map((p) => p.name))]
  const erasureAtRest = createErasureAtRest({
    database,
    logger,
    tables: erasureTables,
    readModelsCaughtUp: async () => waitForPosition(database.db, names, await store.headPosition(), 60_000),
  })
  app.addHook('onSend', async (request, reply, payload) => {
    // onSend, not onResponse: by the time the caller has the answer the rewrite is asked for (idle() sees it).
    if (
      request.method === 'POST' &&
      reply.statusCode === 200 &&
      /\/erase-personal-data(\/|$)/.test(request.routeOptions.url ?? '')
    ) {
      erasureAtRest.request()
    }
    return payload
  })
  return erasureAtRest
}
