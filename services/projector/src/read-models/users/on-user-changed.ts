import type {
  UserDeactivated,
  UserDetailsChanged,
  UserOptionsUpdated,
  UserPasswordChanged,
  UserPermissionsChanged,
  UserProfileUpdated,
  UserReactivated,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { BatchHandler, StoredOf } from '../../runtime/apply-by-type'
import type { Executor } from '../../runtime/projection'
import { recordset, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

/**
 * Sets columns of existing rows from a run of events (one per user). Every event carries the resulting
 * values, not a delta, so applying a batch again changes nothing.
 */
async function updateUsers(
  trx: Executor,
  table: string,
  events: readonly StoredEvent[],
  columns: ColumnTypes,
  toRow: (data: never) => Record<string, unknown>,
  extraWhere: RawBuilder<unknown> = sql``,
): Promise<void> {
  const rows = events
    .map((e) => ({
      ...toRow(e.data as never),
      user_id: uuidOrNull((e.data as { userId?: string }).userId),
      at: e.metadata.occurredAt,
    }))
    .filter((r) => r.user_id)
  if (rows.length === 0) return
  const all: ColumnTypes = [['user_id', 'uuid'], ['at', 'timestamptz'], ...columns]
  const set = sql.join(columns.map(([name]) => sql`${sql.id(name)} = r.${sql.id(name)}`))
  await sql`update ${sql.table(table)} u set ${set}, updated_at = r.at
            from ${recordset(rows, all)} where u.user_id = r.user_id ${extraWhere}`.execute(trx)
}

type Handler<E extends { type: string; data: unknown }> = BatchHandler<'users', E>
const run = <E extends { type: string; data: unknown }>(events: StoredOf<E>[]) => events as readonly StoredEvent[]

export const onDetailsChanged: Handler<UserDetailsChanged> = (trx, events, { users }) =>
  updateUsers(
    trx,
    users,
    run(events),
    [
      ['email', 'text'],
      ['name', 'text'],
      ['division_id', 'int'],
      ['manager_id', 'uuid'],
    ],
    (d: UserDetailsChanged['data']) => ({
      email: d.email,
      name: d.name,
      division_id: d.divisionId,
      manager_id: uuidOrNull(d.managerId),
    }),
    // The command side checks email uniqueness against this table; should two changes still race, the
    // unique index must not stall the projection: the later email change is skipped instead.
    sql`and not exists (select 1 from ${sql.table(users)} o where lower(o.email) = lower(r.email) and o.user_id <> r.user_id)`,
  )

export const onPermissionsChanged: Handler<UserPermissionsChanged> = (trx, events, { users }) =>
  updateUsers(trx, users, run(events), [['permissions', 'text[]']], (d: UserPermissionsChanged['data']) => ({
    permissions: d.permissions,
  }))

export const onProfileUpdated: Handler<UserProfileUpdated> = (trx, events, { users }) =>
  updateUsers(
    trx,
    users,
    run(events),
    [
      ['phone_number', 'text'],
      ['active_phone', 'text'],
      ['office_ext', 'text'],
      ['signature', 'text'],
      ['expectations', 'jsonb'],
    ],
    (d: UserProfileUpdated['data']) => ({
      phone_number: d.phoneNumber,
      active_phone: d.activePhone,
      office_ext: d.officeExt,
      signature: d.signature,
      expectations: d.expectations ?? {},
    }),
  )

export const onOptionsUpdated: Handler<UserOptionsUpdated> = (trx, events, { users }) =>
  updateUsers(trx, users, run(events), [['options', 'jsonb']], (d: UserOptionsUpdated['data']) => ({
    options: d.options ?? {},
  }))

export const onPasswordChanged: Handler<UserPasswordChanged> = (trx, events, { users }) =>
  updateUsers(trx, users, run(events), [['password_hash', 'text']], (d: UserPasswordChanged['data']) => ({
    password_hash: d.passwordHash,
  }))

export const onDeactivated: Handler<UserDeactivated> = (trx, events, { users }) =>
  updateUsers(trx, users, run(events), [['disabled', 'boolean']], () => ({ disabled: true }))

export const onReactivated: Handler<UserReactivated> = (trx, events, { users }) =>
  updateUsers(trx, users, run(events), [['disabled', 'boolean']], () => ({ disabled: false }))
