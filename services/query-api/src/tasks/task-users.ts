import type { SelectPage, TaskUsersQuery } from '@crm/contracts'
import { hasPermission, worksAcrossDivisions, type RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { userPickerPage } from '../users/list-users'
import { selfOrTeam, workOfSql } from '../visibility/visibility-sql'

type Caller = Pick<RequestUser, 'userId' | 'permissions'>

/** The caller and the users whose manager they are, as a condition on the users row `u`. */
const selfOrTeamRow = (user: Caller) => selfOrTeam(user.userId, sql`u.user_id`)

/**
 * Whom the caller may assign a task to: the command API's rule (command-api tasks/may-assign.ts) on the
 * same users read model: anyone with assign-any (or across divisions), a manager their team, else oneself.
 */
function assignable(user: Caller): RawBuilder<unknown> {
  if (hasPermission(user, 'assign-any') || worksAcrossDivisions(user)) return sql`true`
  if (hasPermission(user, 'manager')) return selfOrTeamRow(user)
  return sql`u.user_id = ${user.userId}::uuid`
}

/** Whose tasks the caller may see (task-visibility.ts): everyone's, their team's, or their own. */
const viewable = (user: Caller): RawBuilder<unknown> => workOfSql(user, sql`u.user_id`)

/**
 * GET /task/users-for-select: active users by name for a task picker, 50 a page, the caller first, so a
 * picker offers exactly the users the task routes accept for that purpose.
 */
export function taskUserOptions(db: Kysely<unknown>, user: Caller, query: TaskUsersQuery): Promise<SelectPage> {
  return userPickerPage(db, user.userId, query.purpose === 'assign' ? assignable(user) : viewable(user), query)
}
