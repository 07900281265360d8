import { sql, type Kysely } from 'kysely'

/** A user as login needs it, from the projector's `users` read model. */
export interface LoginUser {
  userId: string
  email: string
  name: string
  divisionId: number
  managerId: string | null
  permissions: string[]
  passwordHash: string | null
  disabled: boolean
}

type Row = {
  user_id: string
  email: string
  name: string
  division_id: number
  manager_id: string | null
  permissions: string[] | null
  password_hash: string | null
  disabled: boolean | null
}

const toUser = (r: Row): LoginUser => ({
  userId: r.user_id,
  email: r.email,
  name: r.name,
  divisionId: r.division_id,
  managerId: r.manager_id,
  permissions: r.permissions ?? [],
  passwordHash: r.password_hash,
  disabled: r.disabled === true,
})

export async function findUserByEmail(db: Kysely<unknown>, email: string): Promise<LoginUser | undefined> {
  const { rows } = await sql<Row>`
    select user_id, email, name, division_id, manager_id, permissions, password_hash, disabled
    from users where lower(email) = ${email.trim().toLowerCase()} limit 1`.execute(db)
  return rows[0] && toUser(rows[0])
}

export async function findUserById(db: Kysely<unknown>, userId: string): Promise<LoginUser | undefined> {
  const { rows } = await sql<Row>`
    select user_id, email, name, division_id, manager_id, permissions, password_hash, disabled
    from users where user_id = ${userId}::uuid`.execute(db)
  return rows[0] && toUser(rows[0])
}
