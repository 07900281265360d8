import { forbidden, hasPermission, worksAcrossDivisions, type RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { teamOf, workOfSql } from '../visibility/visibility-sql'

type Caller = Pick<RequestUser, 'userId' | 'permissions'>

/**
 * Whose tasks a caller sees (docs/product.md 6): their own; a manager also their team's (users whose manager they
 * are); executives everyone's. A condition on the column holding the assignee.
 */
export const visibleAssignee = (user: Caller, assigned: RawBuilder<unknown>): RawBuilder<unknown> =>
  workOfSql(user, assigned)

export async function maySeeTasksOf(db: Kysely<unknown>, user: Caller, userId: string): Promise<boolean> {
  if (userId === user.userId || worksAcrossDivisions(user)) return true
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
