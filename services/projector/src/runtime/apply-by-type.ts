import type { PersonalDataErased } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import { erasedColumns } from './recordset'
import type { Executor, TableNames } from './projection'

/** The stored form of a contract event type ({ type, data }). */
export type StoredOf<E extends { type: string; data: unknown }> = StoredEvent<E['type'], E['data']>

/** A set-based handler: all events of one run (same type, each key at most once) in one or two statements. */
export type BatchHandler<T extends string, E extends { type: string; data: unknown }> = (
  trx: Executor,
  events: StoredOf<E>[],
  tables: TableNames<T>,
) => Promise<void>

/**
 * Builds `applyBatch` from one set-based handler per event type. The batch is cut into runs of consecutive
 * events of one type in which no key (by default the stream) repeats, so that a multi-row upsert never
 * touches a row twice in one statement and later events of a stream still apply after earlier ones.
 * Types without a handler are skipped. Adding ContactUpdated later is one more entry in the map.
 */
export function applyByType<T extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: Partial<Record<string, BatchHandler<T, any>>>,
  keyOf: (event: StoredEvent) => string = (event) => event.streamId,
) {
  const apply = async (trx: Executor, events: readonly StoredEvent[], tables: TableNames<T>): Promise<void> => {
    for (const run of splitIntoRuns(
      events.filter((e) => handlers[e.type]),
      keyOf,
    )) {
      await handlers[run[0]!.type]!(trx, run, tables)
    }
  }
  return usingEventTypes(apply, handlers)
}

/**
 * Marks an applyBatch with the event types it has handlers for: the runner moves the checkpoint past a batch
 * with none of them in one statement, without a transaction of its own (see eventTypesOf).
 */
export function usingEventTypes<F extends object>(apply: F, handlers: object): F & { eventTypes: ReadonlySet<string> } {
  return Object.assign(apply, { eventTypes: new Set(Object.keys(handlers)) })
}

export function splitIntoRuns(events: readonly StoredEvent[], keyOf: (event: StoredEvent) => string): StoredEvent[][] {
  const runs: StoredEvent[][] = []
  let run: StoredEvent[] = []
  let keys = new Set<string>()
  for (const event of events) {
    const key = keyOf(event)
    if (run.length > 0 && (run[0]!.type !== event.type || keys.has(key))) {
      runs.push(run)
      run = []
      keys = new Set()
    }
    run.push(event)
    keys.add(key)
  }
  if (run.length > 0) runs.push(run)
  return runs
}

/**
 * The handler of PersonalDataErased for a table of a contact's records (docs/decisions/035): the named columns of
 * the contact's rows read "erased"; the rows stay (activities, notes and flags still count and still show).
 */
export function erasedContactRows<T extends string>(
  table: T,
  columns: readonly string[],
): BatchHandler<T, PersonalDataErased> {
  return async (trx, events, tables) => {
    for (const { data } of events) {
      await sql`update ${sql.table(tables[table])} as t set ${erasedColumns(columns)}
        where contact_id = ${data.contactId}::uuid`.execute(trx)
    }
  }
}
