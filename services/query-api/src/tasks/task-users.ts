import { ASYNC_SELECT_PAGE, type SelectPage, type TaskUsersQuery } from '@crm/contracts'
import { hasPermission, worksAcrossDivisions, type RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { likeContains } from '../common/list-sql'
import { selfOrTeam } from '../users/team'
import { seesAllTasks } from './task-visibility'

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
function viewable(user: Caller): RawBuilder<unknown> {
  if (seesAllTasks(user)) return sql`true`
  if (hasPermission(user, 'manager')) return selfOrTeamRow(user)
  return sql`u.user_id = ${user.userId}::uuid`
}

/**
 * GET /task/users-for-select: active users by name for a task picker, 50 a page, the caller first, so a
 * picker offers exactly the users the task routes accept for that purpose.
 */
export async function taskUserOptions(db: Kysely<unknown>, user: Caller, query: TaskUsersQuery): Promise<SelectPage> {
  const allowed = query.purpose === 'assign' ? assignable(user) : viewable(user)
  const like = likeContains(query.search)
  const { rows } = await sql<{ user_id: string; name: string | null; email: string }>`
    select u.user_id, u.name, u.email from users u
    where not u.disabled and ${allowed} and (u.name ilike ${like} or u.email ilike ${like})
    order by u.user_id = ${user.userId}::uuid desc, lower(coalesce(u.name, u.email)), u.user_id
    limit ${ASYNC_SELECT_PAGE + 1} offset ${query.page * ASYNC_SELECT_PAGE}`.execute(db)
  return {
    options: rows.slice(0, ASYNC_SELECT_PAGE).map((r) => ({ value: r.user_id, label: r.name ?? r.email })),
    hasMore: rows.length > ASYNC_SELECT_PAGE,
  }
}
