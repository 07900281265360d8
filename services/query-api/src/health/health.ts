import { readModelRebuildSchema } from '@crm/contracts'
import { countEventsAfter, listCheckpoints, listLastRebuilds, type Position } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  headPosition: z.string().optional(),
  /** For administrators only: what anyone may learn is whether the service is up. */
  projections: z
    .array(
      z.object({
        name: z.string(),
        version: z.number(),
        state: z.string(),
        position: z.string(),
        eventsApplied: z.number(),
        updatedAt: z.string(),
        /** Events still to apply; absent where it cannot be counted (KurrentDB store). */
        lagEvents: z.number().optional(),
        caughtUp: z.boolean().optional(),
      }),
    )
    .optional(),
  /** For administrators only: the last rebuild asked for each read model (the admin screen's button). */
  rebuilds: z.array(readModelRebuildSchema).optional(),
})
export type Health = z.infer<typeof healthSchema>

/** Above this backlog the service reports itself degraded: reads may be noticeably stale. */
export const LAG_WARNING_EVENTS = 1000

export interface HealthSources {
  /** The event store's head, to tell whether each projection has caught up. */
  headPosition?: () => Promise<Position>
  /** Counts events after a position (PostgreSQL store in this database); absent for KurrentDB. */
  countLag?: (position: Position) => Promise<number>
}

/** Default lag counter when the PostgreSQL event store shares this database. */
export const countLagIn = (db: Kysely<unknown>) => (position: Position) => countEventsAfter(db, position, 1_000_000)

export async function readHealth(db: Kysely<unknown>, sources: HealthSources): Promise<Health> {
  const checkpoints = await listCheckpoints(db)
  const head = await sources.headPosition?.().catch(() => undefined)
  const projections = await Promise.all(
    checkpoints.map(async (c) => {
      const lagEvents = c.state === 'retired' ? undefined : await sources.countLag?.(c.position).catch(() => undefined)
      return {
        ...c,
        ...(lagEvents !== undefined && { lagEvents }),
        ...(head !== undefined && { caughtUp: c.position >= head }),
      }
    }),
  )
  const live = projections.filter((p) => p.state !== 'retired')
  const degraded = live.some((p) => p.state === 'backfilling' || (p.lagEvents ?? 0) > LAG_WARNING_EVENTS)
  const rebuilds = await listLastRebuilds(db)
  return {
    status: degraded ? 'degraded' : 'ok',
    ...(head !== undefined && { headPosition: head }),
    projections,
    rebuilds,
  }
}
