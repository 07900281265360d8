import { sql, type Kysely } from 'kysely'
import { parsePosition, type Position } from '../event-store/position'

/**
 * How many events a projection at `position` still has to apply: the events of finished transactions after
 * it, counted in the PostgreSQL event store's table (same rule as its readAll). Counting stops at `cap` so a
 * health check stays cheap on a huge backlog. Not available for KurrentDB (no events table).
 */
export async function countEventsAfter(db: Kysely<unknown>, position: Position, cap = 1_000_000): Promise<number> {
  const [txid, gp] = parsePosition(position)
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from (
      select 1 from events
      where (transaction_id, global_position) > (${txid.toString()}::xid8, ${gp.toString()}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      limit ${cap}) behind`.execute(db)
  return Number(rows[0]?.n ?? 0)
}
