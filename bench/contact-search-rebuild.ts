import type { BenchRow } from './contact-lists/bench-row'
import { createBenchSchema } from './bench-schema'
import { projectorCatchUp } from './projector-catch-up'

export const contactSearchRebuildTitle = 'Rebuilding contact_search at 1,000,000 contacts'

/**
 * Issue "Run it for real", part 2: how long an upgrade that changes contact_search's version keeps the new
 * version backfilling beside the old one. `contacts` contacts' events (a ContactCreated and two conversions each,
 * generated in SQL) in an empty schema, then the production projector runtime with contact_search alone, from
 * nothing to the head: the rebuild's time at that size. Real stores hold more events per contact (calls, tasks,
 * notes) that contact_search skips by type, so this is the work it does, not the events it reads past.
 */
export async function measureContactSearchRebuild(databaseUrl: string, contacts: number): Promise<BenchRow[]> {
  const schema = await createBenchSchema(databaseUrl)
  try {
    const result = await projectorCatchUp(schema.url, contacts, { projection: 'contact_search', toAccount: true })
    const contactsLabel = contacts.toLocaleString('en-US')
    return [
      {
        name: `contact_search rebuilt from nothing, ${contactsLabel} contacts (${result.events.toLocaleString('en-US')} events)`,
        value: result.catchUpMs / 1000,
        unit: 's',
        note: `${Math.round(result.perSecond).toLocaleString('en-US')} events/s; events generated in SQL in ${(result.generateMs / 1000).toFixed(0)} s first; the old version serves meanwhile (blue/green)`,
      },
      { name: '… events applied per second', value: result.perSecond, unit: '/s' },
    ]
  } finally {
    await schema.drop()
  }
}
