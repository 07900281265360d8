import { forbidden, hasPermission, type RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { selfOrTeam, teamOf } from '../users/team'

type Caller = Pick<RequestUser, 'userId' | 'permissions'>

/** Executives (and administrators, who hold every permission) see everyone's tasks. */
export const seesAllTasks = (user: Caller) => hasPermission(user, 'executive') || hasPermission(user, 'admin')

/**
 * Whose tasks a caller sees (docs/product.md 6): their own; a manager also their team's (users whose manager they
 * are); executives everyone's. A condition on the column holding the assignee.
 */
export function visibleAssignee(user: Caller, assigned: RawBuilder<unknown>): RawBuilder<unknown> {
  if (seesAllTasks(user)) return sql`true`
  if (hasPermission(user, 'manager')) return selfOrTeam(user.userId, assigned)
  return sql`${assigned} = ${user.userId}::uuid`
}

export async function maySeeTasksOf(db: Kysely<unknown>, user: Caller, userId: string): Promise<boolean> {
  if (userId === user.userId || seesAllTasks(user)) return true
  if (!hasPermission(user, 'manager')) return false
  const { rows } = await sql`select 1 where ${userId}::uuid in (${teamOf(user.userId)})`.execute(db)
  return rows.length > 0
}

/** The user a query is about: the caller, or the one asked for if the caller may see their tasks (else 403). */
export async function taskOwner(db: Kysely<unknown>, user: Caller, userId: string | undefined): Promise<string> {
  const owner = userId ?? user.userId
  if (!(await maySeeTasksOf(db, user, owner))) throw forbidden()
  return owner
}
