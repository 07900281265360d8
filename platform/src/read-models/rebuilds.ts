import type { ReadModelRebuild } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

/**
 * The last rebuild asked for each read model (the projector keeps `projection_rebuilds`). Empty before the
 * projector has created the table.
 */
export async function listLastRebuilds(db: Kysely<unknown>): Promise<ReadModelRebuild[]> {
  try {
    const { rows } = await sql<{
      name: string
      state: ReadModelRebuild['state']
      requested_at: Date
      requested_by: string | null
      started_at: Date | null
      finished_at: Date | null
      events_applied: string
      error: string | null
    }>`
      select distinct on (name) name, state, requested_at, requested_by, started_at, finished_at,
        events_applied::text, error
      from projection_rebuilds order by name, stream_version desc`.execute(db)
    const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString())
    return rows.map((r) => ({
      name: r.name,
      state: r.state,
      requestedAt: new Date(r.requested_at).toISOString(),
      requestedBy: r.requested_by,
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
      eventsApplied: Number(r.events_applied),
      error: r.error,
    }))
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return []
    throw error
  }
}
