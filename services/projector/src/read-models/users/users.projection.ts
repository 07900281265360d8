import { sql } from 'kysely'
import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import {
  onDeactivated,
  onDetailsChanged,
  onOptionsUpdated,
  onPasswordChanged,
  onPermissionsChanged,
  onProfileUpdated,
  onReactivated,
} from './on-user-changed'
import { onUserRegistered } from './on-user-registered'

type Tables = TableNames<'users'>

async function migrate(trx: Executor, { users: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      user_id uuid primary key,
      email text not null,
      name text,
      division_id int,
      manager_id uuid,
      permissions text[] not null default '{}',
      password_hash text,
      phone_number text,
      active_phone text,
      office_ext text,
      signature text,
      options jsonb not null default '{}',
      expectations jsonb not null default '{}',
      disabled boolean not null default false,
      created_at timestamptz,
      updated_at timestamptz
    )`.execute(trx)
  // Login looks users up by email, case-insensitively; the command side keeps emails unique the same way.
  await sql`create unique index on ${sql.table(table)} (lower(email))`.execute(trx)
  // A manager's team; users of a division (division delete guard, pickers).
  await sql`create index on ${sql.table(table)} (manager_id)`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id)`.execute(trx)
}

/**
 * Users as login, permissions, pickers and the profile and admin screens read them.
 * v2: manager (team), profile, options, password changes, deactivation.
 */
export const usersProjection = defineProjection({
  name: 'users',
  version: 2,
  tables: ['users'],
  migrate,
  applyBatch: applyByType<'users'>({
    UserRegistered: onUserRegistered,
    UserDetailsChanged: onDetailsChanged,
    UserPermissionsChanged: onPermissionsChanged,
    UserProfileUpdated: onProfileUpdated,
    UserOptionsUpdated: onOptionsUpdated,
    UserPasswordChanged: onPasswordChanged,
    UserDeactivated: onDeactivated,
    UserReactivated: onReactivated,
  }),
})
