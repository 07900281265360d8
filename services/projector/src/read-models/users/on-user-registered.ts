import type { UserRegistered } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

const columns: ColumnTypes = [
  ['user_id', 'uuid'],
  ['email', 'text'],
  ['name', 'text'],
  ['division_id', 'int'],
  ['manager_id', 'uuid'],
  ['permissions', 'text[]'],
  ['password_hash', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
]

/** A registered user; seen again (replay) or clashing on email, the existing row wins. */
export const onUserRegistered: BatchHandler<'users', UserRegistered> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    user_id: uuidOrNull(data.userId),
    email: data.email,
    name: data.name,
    division_id: data.divisionId,
    manager_id: uuidOrNull(data.managerId),
    permissions: data.permissions ?? [],
    password_hash: data.passwordHash,
    created_at: metadata.occurredAt,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(
    tables.users,
    rows.filter((r) => r.user_id),
    columns,
    sql`on conflict do nothing`,
  ).execute(trx)
}
