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
    for (const fn of APPEND_FUNCTIONS) await sql.raw(fn).execute(trx)
  })
}

/**
 * One append (the hot path of every command), in three functions: crm_try_append does the work and reports a
 * stale expected version as a result; crm_append_events (one stream, one round trip) raises it; crm_append_many
 * (bulk work such as lead imports) applies many appends in one transaction and one round trip, reporting each.
 * Order matters: the stream's advisory lock comes before the first write, because the first write gives the
 * transaction its id and the global read order is by transaction id (docs/decisions/001). Errors: CRM01 wrong
 * expected version (detail: actual version), CRM02 the command id was recorded concurrently by another append.
 * p_expected: -1 any, 0 no stream, n the stream's current version.
 * `enable_seqscan = off`: every lookup in here is by key. PL/pgSQL keeps the plans it made on its first calls;
 * made while the tables were empty (a new install, or right after an ANALYZE of empty tables), they scanned
 * event_commands whole on every append until autovacuum's next ANALYZE, which made bulk imports quadratic.
 * No NOTIFY in here: a NOTIFY holds a database-wide lock from its commit's start until the commit is flushed,
 * which serialized every append's commit (pg_stat_activity showed the writers waiting on Lock:object, not on
 * the disk). The adapter wakes readers after the commit instead (postgres-event-store.ts, wakeReaders).
 */
const APPEND_FUNCTIONS = [
  `
create or replace function crm_try_append(p_stream_id text, p_expected integer, p_command_id text, p_events jsonb)
returns table (out_next_version integer, out_position text, out_duplicate boolean, out_conflict integer)
language plpgsql set enable_seqscan = off as $fn$
declare
  v_count integer := jsonb_array_length(p_events);
  v_version integer;
  v_position text;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
  return query select c.next_version, c.position, true, null::integer from event_commands c
    where c.command_id = p_command_id;
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
    return query select null::integer, null::text, false, coalesce(v_version, 0);
    return;
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
  return query select v_version, v_position, false, null::integer;
end
$fn$`,
  `
create or replace function crm_append_events(p_stream_id text, p_expected integer, p_command_id text, p_events jsonb)
returns table (out_next_version integer, out_position text, out_duplicate boolean)
language plpgsql as $fn$
declare
  r record;
begin
  select * into r from crm_try_append(p_stream_id, p_expected, p_command_id, p_events);
  if r.out_conflict is not null then
    raise exception using errcode = 'CRM01', message = 'wrong expected version', detail = r.out_conflict::text;
  end if;
  return query select r.out_next_version, r.out_position, r.out_duplicate;
end
$fn$`,
  `
-- p_appends: [{streamId, expected, commandId, events}], applied in order; one row per append, by its index.
-- Every stream's lock is taken before the first write, for the reason above: a lock waited for after the
-- transaction got its id could let a transaction that started later commit an earlier version of that stream
-- under a later id. The locks are taken in one order (by key) so that two groups never wait on each other.
-- A group of distinct streams and distinct command ids (the event store's concurrent appends) is written
-- set-wise, one statement for the whole group: the loop of crm_try_append cost about 115 µs of PL/pgSQL per
-- append (docs/decisions/009). A group that touches a stream twice, or repeats a command id, goes through the
-- loop, where each append sees the ones before it.
create or replace function crm_append_many(p_appends jsonb)
returns table (out_index integer, out_next_version integer, out_position text, out_duplicate boolean, out_conflict integer)
language plpgsql set enable_seqscan = off as $fn$
declare
  k bigint;
  v_appends integer;
  v_streams integer;
  v_commands integer;
  v_outcomes jsonb;
  v_to_record integer;
  v_recorded integer;
begin
  for k in select distinct hashtextextended(value->>'streamId', 0) from jsonb_array_elements(p_appends) order by 1 loop
    perform pg_advisory_xact_lock(k);
  end loop;
  select count(*), count(distinct value->>'streamId'), count(distinct value->>'commandId')
    into v_appends, v_streams, v_commands from jsonb_array_elements(p_appends);
  if v_streams < v_appends or v_commands < v_appends then
    return query select * from crm_append_each_locked(p_appends);
    return;
  end if;

  with input as (
    select (t.n - 1)::integer as idx, t.a->>'streamId' as sid, (t.a->>'expected')::integer as expected,
           t.a->>'commandId' as cid, t.a->'events' as evs, jsonb_array_length(t.a->'events') as cnt
    from jsonb_array_elements(p_appends) with ordinality as t(a, n)
  ),
  decided as (
    -- An already recorded command is answered with its first result; otherwise the expected version decides.
    select i.*, c.next_version as dup_version, c.position as dup_position, s.version as current_version,
      case
        when c.command_id is not null then null
        when i.expected = -1 then coalesce(s.version, 0) + i.cnt
        when i.expected = 0 and s.version is null then i.cnt
        when i.expected > 0 and s.version = i.expected then i.expected + i.cnt
      end as new_version
    -- Lateral lookups with a limit: one index probe per append. As plain joins the planner, expecting 100 rows
    -- from jsonb_array_elements, hashed the whole of event_commands on every call.
    from input i
    left join lateral (
      select command_id, next_version, position from event_commands where command_id = i.cid limit 1
    ) c on true
    left join lateral (select version from event_streams where stream_id = i.sid limit 1) s on true
  ),
  streams as (
    insert into event_streams as s (stream_id, version)
    select sid, new_version from decided where new_version is not null
    on conflict (stream_id) do update set version = excluded.version
  ),
  inserted as (
    insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
    select (e->>'eventId')::uuid, d.sid, d.new_version - d.cnt + x.n::integer, e->>'type',
           coalesce((e->>'schemaVersion')::integer, 1), e->'data', e->'metadata'
    from decided d cross join lateral jsonb_array_elements(d.evs) with ordinality as x(e, n)
    where d.new_version is not null
    order by d.idx, x.n
    returning stream_id, transaction_id, global_position
  ),
  positions as (
    select stream_id, lpad(max(transaction_id)::text, 20, '0') || '-' || lpad(max(global_position)::text, 20, '0') as position
    from inserted group by stream_id
  ),
  recorded as (
    insert into event_commands (command_id, stream_id, next_version, position)
    select d.cid, d.sid, d.new_version, p.position from decided d join positions p on p.stream_id = d.sid
    on conflict do nothing
    returning 1
  )
  select
    jsonb_agg(jsonb_build_object(
      'i', d.idx,
      'v', coalesce(d.new_version, d.dup_version),
      'p', coalesce(p.position, d.dup_position),
      'd', d.dup_version is not null,
      'c', case when d.dup_version is null and d.new_version is null then coalesce(d.current_version, 0) end
    ) order by d.idx),
    count(d.new_version),
    (select count(*) from recorded)
  into v_outcomes, v_to_record, v_recorded
  from decided d left join positions p on p.stream_id = d.sid;

  -- Another writer recorded one of these command ids at this moment: the adapter retries one by one.
  if v_recorded < v_to_record then
    raise exception using errcode = 'CRM02', message = 'command already recorded';
  end if;
  return query select o.i, o.v, o.p, o.d, o.c
    from jsonb_to_recordset(v_outcomes) as o(i integer, v integer, p text, d boolean, c integer) order by o.i;
end
$fn$`,
  `
-- crm_append_many and, in the same transaction, the personal-data keys of new subjects that its events were
-- sealed under (docs/decisions/057): one round trip for a create instead of one for its key and one for its
-- append. The keys go in after the appends, so the transaction's id is still taken under the streams' locks
-- (docs/decisions/001). A subject that has a key already (a retried create, a subject erased before) makes
-- the whole call fail with CRM03 and write nothing; the caller then takes that key and appends again.
create or replace function crm_append_many_with_keys(p_appends jsonb, p_keys jsonb)
returns table (out_index integer, out_next_version integer, out_position text, out_duplicate boolean, out_conflict integer)
language plpgsql as $fn$
declare
  v_made integer;
begin
  return query select * from crm_append_many(p_appends);
  insert into personal_data_keys (subject_id, key_id, key)
    select k->>'subject', k->>'keyId', decode(k->>'key', 'base64') from jsonb_array_elements(p_keys) as k
    on conflict (subject_id) do nothing;
  get diagnostics v_made = row_count;
  if v_made < jsonb_array_length(p_keys) then
    raise exception using errcode = 'CRM03', message = 'a subject has a key already';
  end if;
end
$fn$`,
  `
-- The appends of crm_append_many one by one, in order, their streams already locked by the caller.
create or replace function crm_append_each_locked(p_appends jsonb)
returns table (out_index integer, out_next_version integer, out_position text, out_duplicate boolean, out_conflict integer)
language plpgsql as $fn$
declare
  a jsonb;
  i integer := 0;
begin
  for a in select value from jsonb_array_elements(p_appends) loop
    return query select i, t.* from crm_try_append(a->>'streamId', (a->>'expected')::integer, a->>'commandId', a->'events') t;
    i := i + 1;
  end loop;
end
$fn$`,
]
