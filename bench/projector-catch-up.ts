import { createDatabase, createEventStore, createLogger, listCheckpoints } from '@crm/platform'
import { allProjections, startProjector } from '@crm/projector'
// The projector's own fast generator (SQL, hundreds of thousands of events per second): appending a million
// events through the store would take the whole time budget of the run.
import { generateContactEvents } from '../services/projector/src/testing/generate-contact-events'

export interface CatchUpResult {
  events: number
  generateMs: number
  catchUpMs: number
  perSecond: number
  projections: string[]
}

/**
 * Catch-up speed of one read model (by default the contacts list): `count` contacts' events are generated into
 * the run's empty store (a ContactCreated each; with `toAccount` also their Lead → Prospect → Account
 * conversions, three events a contact), then the production projector runtime (startProjector, default batch
 * size, leases on) runs only that read model until its checkpoint reaches the head: the time a rebuild of it
 * from nothing takes at that size. Other read models would each add their own pass.
 */
export async function projectorCatchUp(
  url: string,
  count: number,
  { projection = 'contacts_list', toAccount = false }: { projection?: string; toAccount?: boolean } = {},
): Promise<CatchUpResult> {
  const database = await createDatabase({ url })
  try {
    const store = await createEventStore(database)
    const projections = allProjections.filter((p) => p.name === projection)
    if (projections.length !== 1) throw new Error(`no projection ${projection}`)
    let t = performance.now()
    await generateContactEvents(database.db, count, { toAccount })
    const generateMs = performance.now() - t
    const head = await store.headPosition()
    t = performance.now()
    const projector = await startProjector({ database, store, projections, logger: createLogger('bench', 'warn') })
    let catchUpMs = 0
    while (!catchUpMs) {
      const checkpoints = await listCheckpoints(database.db)
      if (checkpoints.some((c) => c.name === projection && c.state === 'active' && c.position >= head)) {
        catchUpMs = performance.now() - t
      } else await new Promise((r) => setTimeout(r, 20))
    }
    await projector.stop()
    return {
      events: toAccount ? count * 3 : count,
      generateMs,
      catchUpMs,
      perSecond: ((toAccount ? count * 3 : count) / catchUpMs) * 1000,
      projections: projections.map((p) => p.name),
    }
  } finally {
    await database.close()
  }
}
