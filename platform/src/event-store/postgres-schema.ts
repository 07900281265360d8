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
    await sql.raw(APPEND_FUNCTION).execute(trx)
  })
}

/**
 * One append in one round trip (the hot path of every command). Order matters: the stream's advisory lock comes
 * before the first write, because the first write gives the transaction its id and the global read order is by
 * transaction id (docs/decisions/001). Errors: CRM01 wrong expected version (detail: actual version), CRM02 the
 * command id was recorded concurrently by another append.
 * p_expected: -1 any, 0 no stream, n the stream's current version.
 * No NOTIFY in here: a NOTIFY holds a database-wide lock from its commit's start until the commit is flushed,
 * which serialized every append's commit (pg_stat_activity showed the writers waiting on Lock:object, not on
 * the disk). The adapter wakes readers after the commit instead (postgres-event-store.ts, wakeReaders).
 */
const APPEND_FUNCTION = `
create or replace function crm_append_events(p_stream_id text, p_expected integer, p_command_id text, p_events jsonb)
returns table (out_next_version integer, out_position text, out_duplicate boolean)
language plpgsql as $fn$
declare
  v_count integer := jsonb_array_length(p_events);
  v_version integer;
  v_position text;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
  return query select c.next_version, c.position, true from event_commands c where c.command_id = p_command_id;
  if found then return; end if;

  if p_expected = -1 then
    insert into event_streams as s (stream_id, version) values (p_stream_id, v_count)
      on conflict (stream_id) do update set version = s.version + v_count returning s.version into v_version;
  elsif p_expected = 0 then
    insert into event_streams (stream_id, version) values (p_stream_id, v_count)
      on conflict do nothing returning event_streams.version into v_version;
  else
    update event_streams set version = event_streams.version + v_count
      where stream_id = p_stream_id and event_streams.version = p_expected returning event_streams.version into v_version;
  end if;
  if v_version is null then
    select s.version into v_version from event_streams s where s.stream_id = p_stream_id;
    raise exception using errcode = 'CRM01', message = 'wrong expected version', detail = coalesce(v_version, 0)::text;
  end if;

  with inserted as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
    select (e->>'eventId')::uuid, p_stream_id, v_version - v_count + n::integer, e->>'type',
           coalesce((e->>'schemaVersion')::integer, 1), e->'data', e->'metadata'
    from jsonb_array_elements(p_events) with ordinality as t(e, n)
    returning transaction_id, global_position
  )
  select lpad(max(transaction_id)::text, 20, '0') || '-' || lpad(max(global_position)::text, 20, '0')
    into v_position from inserted;

  insert into event_commands (command_id, stream_id, next_version, position)
    values (p_command_id, p_stream_id, v_version, v_position) on conflict do nothing;
  if not found then
    raise exception using errcode = 'CRM02', message = 'command already recorded';
  end if;
  return query select v_version, v_position, false;
end
$fn$`
