import { sql, type Kysely } from 'kysely'

/**
 * The event store's tables. `transaction_id` records the writing transaction so that readers can take
 * only rows whose transactions have finished (see readAll): global_position alone is assigned at insert
 * time, not at commit time, and would let a reader skip events that commit out of order.
 */
export async function migrateEventStore(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Several processes may start at once against one database; DDL runs one at a time.
    await sql`select pg_advisory_xact_lock(hashtext('crm_event_store_schema'))`.execute(trx)
    await sql`
      create table if not exists event_streams (
        stream_id text primary key,
        version integer not null
      )`.execute(trx)
    await sql`
      create table if not exists events (
        global_position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id uuid not null unique,
        stream_id text not null,
        stream_version integer not null,
        type text not null,
        schema_version integer not null default 1,
        data jsonb not null,
        metadata jsonb not null,
        created_at timestamptz not null default now(),
        unique (stream_id, stream_version)
      )`.execute(trx)
    await sql`create index if not exists events_global_order on events (transaction_id, global_position)`.execute(trx)
    await sql`
      create table if not exists event_commands (
        command_id text primary key,
        stream_id text not null,
        next_version integer not null,
        position text not null
      )`.execute(trx)
  })
}
