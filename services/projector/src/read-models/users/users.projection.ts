import type { UserRegistered } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'users'>

async function migrate(trx: Executor, { users: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      user_id uuid primary key,
      email text not null,
      name text,
      division_id int,
      permissions text[] not null default '{}',
      password_hash text,
      phone_number text,
      active_phone text,
      office_ext text,
      signature text,
      options jsonb not null default '{}',
      expectations jsonb not null default '{}',
      disabled boolean not null default false,
      created_at timestamptz
    )`.execute(trx)
  // Login looks users up by email, case-insensitively; the command side keeps emails unique the same way.
  await sql`create unique index on ${sql.table(table)} (lower(email))`.execute(trx)
}

const columns: ColumnTypes = [
  ['user_id', 'uuid'],
  ['email', 'text'],
  ['name', 'text'],
  ['division_id', 'int'],
  ['permissions', 'text[]'],
  ['password_hash', 'text'],
  ['created_at', 'timestamptz'],
]

/** A registered user; seen again (replay) or clashing on email, the existing row wins. */
const onUserRegistered: BatchHandler<'users', UserRegistered> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    user_id: uuidOrNull(data.userId),
    email: data.email,
    name: data.name,
    division_id: data.divisionId,
    permissions: data.permissions ?? [],
    password_hash: data.passwordHash,
    created_at: metadata.occurredAt,
  }))
  await insertRows(
    tables.users,
    rows.filter((r) => r.user_id),
    columns,
    sql`on conflict do nothing`,
  ).execute(trx)
}

/** Users as login, permissions and profile screens read them. */
export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  tables: ['users'],
  migrate,
  applyBatch: applyByType<'users'>({ UserRegistered: onUserRegistered }),
})
