import { listCheckpoints, makePosition, type EventStore } from '@crm/platform'
import { sql } from 'kysely'
import type { Executor } from '../runtime/projection'

/**
 * One md5 over every row of a table or view, in key order (or in the order of the rows' text when no key is
 * given, which fits any table): two copies are equal iff their rows are.
 */
export async function tableDigest(
  db: Executor,
  table: string,
  orderBy = 't::text',
): Promise<{ rows: number; md5: string }> {
  const { rows } = await sql<{ n: string; md5: string }>`
    select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by ${sql.raw(orderBy)}), '')) as md5
    from ${sql.table(table)} t`.execute(db)
  return { rows: Number(rows[0]!.n), md5: rows[0]!.md5 }
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/**
 * Waits until the named projections have applied every event appended so far. The head is the last event
 * written, not store.headPosition(): that one stops at the oldest transaction still open anywhere in the
 * database, which a parallel test file's work can hold back, and a check after it would race the projector.
 */
export async function waitForCaughtUp(db: Executor, store: EventStore, names: readonly string[], timeoutMs = 20_000) {
  const head = (await lastWrittenPosition(db)) ?? (await store.headPosition())
  return waitFor(
    async () => {
      const checkpoints = (await listCheckpoints(db)).filter((c) => names.includes(c.name) && c.state === 'active')
      return names.every((n) => checkpoints.some((c) => c.name === n && c.position >= head)) && checkpoints
    },
    timeoutMs,
    `${names.join(', ')} to reach ${head}`,
  )
}

/** The checkpoint of a projection version; without a version, of its newest version. */
export async function checkpoint(db: Executor, name: string, version?: number) {
  const versions = (await listCheckpoints(db)).filter((c) => c.name === name)
  if (version !== undefined) return versions.find((c) => c.version === version)
  return versions.sort((a, b) => b.version - a.version)[0]
}

export async function tableExists(db: Executor, table: string): Promise<boolean> {
  const { rows } = await sql<{ r: string | null }>`select to_regclass(${table})::text as r`.execute(db)
  return rows[0]?.r != null
}

/** Position of the last event written, committed or not yet visible (the PostgreSQL event store's tables). */
async function lastWrittenPosition(db: Executor): Promise<string | undefined> {
  const { rows } = await sql<{ txid: string; gp: string }>`
    select transaction_id::text as txid, global_position::text as gp from events
    order by transaction_id desc, global_position desc limit 1`.execute(db)
  const row = rows[0]
  return row ? makePosition(row.txid, row.gp) : undefined
}
