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
 * Catch-up speed of the contacts list read model: `count` ContactCreated events are generated into the run's
 * empty store, then the production projector runtime (startProjector, default batch size, leases on) runs
 * only contacts_list until its checkpoint reaches the head. Other read models would each add their own pass.
 */
export async function projectorCatchUp(url: string, count: number): Promise<CatchUpResult> {
  const database = await createDatabase({ url })
  try {
    const store = await createEventStore(database)
    const projections = allProjections.filter((p) => p.name === 'contacts_list')
    let t = performance.now()
    await generateContactEvents(database.db, count)
    const generateMs = performance.now() - t
    const head = await store.headPosition()
    t = performance.now()
    const projector = await startProjector({ database, store, projections, logger: createLogger('bench', 'warn') })
    let catchUpMs = 0
    while (!catchUpMs) {
      const checkpoints = await listCheckpoints(database.db)
      if (checkpoints.some((c) => c.name === 'contacts_list' && c.state === 'active' && c.position >= head)) {
        catchUpMs = performance.now() - t
      } else await new Promise((r) => setTimeout(r, 20))
    }
    await projector.stop()
    return {
      events: count,
      generateMs,
      catchUpMs,
      perSecond: (count / catchUpMs) * 1000,
      projections: projections.map((p) => p.name),
    }
  } finally {
    await database.close()
  }
}
