import { sql, type Kysely } from 'kysely'
import { hashPassword } from '../users/passwords'

/**
 * TEST FIXTURE: stands in for the projector's `users` read model (same columns) until services/projector
 * exports its migrations and projections; then tests should run those instead.
 */
export async function createUsersTableFixture(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists users (
      user_id uuid primary key, email text not null, name text not null, division_id int not null, manager_id uuid,
      permissions text[] not null default '{}', password_hash text, phone_number text, active_phone text,
      office_ext text, signature text, options jsonb, expectations jsonb, disabled boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db)
}

export async function insertUserFixture(
  db: Kysely<unknown>,
  user: {
    userId: string
    email: string
    name: string
    divisionId: number
    permissions: string[]
    password: string
    disabled?: boolean
  },
): Promise<void> {
  await sql`insert into users (user_id, email, name, division_id, permissions, password_hash, disabled)
            values (${user.userId}::uuid, ${user.email}, ${user.name}, ${user.divisionId}, ${user.permissions}::text[],
                    ${await hashPassword(user.password)}, ${user.disabled ?? false})`.execute(db)
}
