import type { ReadModelName } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import type { Kysely } from 'kysely'

/**
 * A database handle inside the batch's transaction. Read-model tables are addressed by runtime names
 * (versioned, or an analyst's replay target), so queries are written with kysely's `sql` tag, not typed tables.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = Kysely<any>

/** Physical table for each base name a projection owns, e.g. { contacts_list: 'contacts_list_v2' }. */
export type TableNames<T extends string = string> = Readonly<Record<T, string>>

/**
 * One read model (docs/architecture.md, "Read side: projections"). Each version writes only into its own tables;
 * the query side reads views named after the base names, re-pointed when a new version has caught up.
 */
export interface ProjectionDefinition<T extends string = string, N extends string = string> {
  /** Also the name the query API waits on (projection_checkpoints.name): one of contracts' readModelNames. */
  readonly name: N
  /** Bump when the tables' shape or the meaning of a row changes: the new version backfills beside the old. */
  readonly version: number
  /** Base names of the tables it owns; the query side reads views of these names. */
  readonly tables: readonly T[]
  /**
   * Creates the tables (and their indexes) under the given physical names. Runs once per fresh copy. With
   * `deferIndexes` it leaves out the indexes `deferredIndexes` lists: a backfill builds those after it caught up.
   */
  migrate(trx: Executor, tables: TableNames<T>, options?: MigrateOptions): Promise<void>
  /**
   * Indexes the query side reads by and the projection's own writes never look up (they find rows by key). A
   * backfill from the start of the store creates the tables without them and builds them once it has caught up,
   * before its views are switched: building an index over a million rows at once is much cheaper than keeping it
   * up through a million inserts and updates (docs/decisions/060-indexes-built-after-the-backfill.md).
   */
  deferredIndexes?(tables: TableNames<T>): readonly TableIndex[]
  /**
   * Applies events in global order, set-based (a few statements per batch, not per event). Receives every
   * event of the store and ignores those it has no use for. Must be idempotent: applying events again over
   * rows that already reflect them changes nothing (upserts keyed by ids and stream versions).
   */
  applyBatch(trx: Executor, events: readonly StoredEvent[], tables: TableNames<T>): Promise<void>
}

export type AnyProjection = ProjectionDefinition<string>

export interface MigrateOptions {
  /** Leave out the indexes the projection's `deferredIndexes` lists (runtime/deferred-indexes.ts builds them). */
  deferIndexes?: boolean
}

/** An index on one of a projection's tables: `create index on <table> using <method> (<columns>) where <where>`. */
export interface TableIndex {
  table: string
  /** Unique within the table's list, e.g. `status_name`: the backfill names the index `<table>_<key>`. */
  key: string
  columns: string
  where?: string
  method?: 'btree' | 'gin'
}

/** A read model the projector runs: its name is one the query side can wait on. */
export type ReadModelProjection = ProjectionDefinition<string, ReadModelName>

/**
 * The event types a projection's applyBatch uses, when it says so (applyByType and applyInWaves do); undefined
 * means every event may matter.
 */
export function eventTypesOf(projection: AnyProjection): ReadonlySet<string> | undefined {
  return (projection.applyBatch as { eventTypes?: ReadonlySet<string> }).eventTypes
}

export function defineProjection<T extends string>(
  projection: ProjectionDefinition<T, ReadModelName>,
): ProjectionDefinition<T, ReadModelName> {
  return projection
}

/** `<base>_v<version>`: where a version's rows live while the view `<base>` may still point elsewhere. */
export function versionedTables(projection: AnyProjection, version = projection.version): TableNames {
  return Object.fromEntries(projection.tables.map((base) => [base, `${base}_v${version}`]))
}

/** The copy a same-version rebuild fills before it takes the live tables' place. */
export function rebuildTables(projection: AnyProjection): TableNames {
  return Object.fromEntries(projection.tables.map((base) => [base, `${base}_v${projection.version}_rebuild`]))
}

/** An analyst's replay target: the table itself for a one-table projection, `<target>_<base>` otherwise. */
export function replayTables(projection: AnyProjection, target: string): TableNames {
  if (projection.tables.length === 1) return { [projection.tables[0]!]: target }
  return Object.fromEntries(projection.tables.map((base) => [base, `${target}_${base}`]))
}
