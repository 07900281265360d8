import { migrateCheckpoints, type Database } from '@crm/platform'
import { ensureProjectionVersion } from './checkpoint-rows'
import type { AnyProjection } from './projection'

/**
 * Creates the checkpoint table and, for every projection version not seen before, its fresh tables and
 * checkpoint row (backfilling). Safe to run from several processes and again at every start. The views the
 * query side reads appear when each version has caught up (startProjector switches them).
 */
export async function migrateReadModels(database: Database, projections: readonly AnyProjection[]): Promise<void> {
  await migrateCheckpoints(database.db)
  for (const projection of projections) await ensureProjectionVersion(database.db, projection)
}
