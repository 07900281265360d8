import { hasPermission, worksAcrossDivisions, type Caller } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'

/**
 * The one team lookup (contracts' isManagerOf over the users read model, docs/decisions/051): the users whose
 * manager `managerId` is, disabled ones included, since what they left behind still needs a manager who sees it
 * and hands it over. Who can be picked for new work filters `not disabled` itself. Commands, queries and the
 * query side's SQL all read the team here.
 */
export const teamOf = (managerId: string): RawBuilder<unknown> =>
  sql`select team.user_id from users team where team.manager_id = ${managerId}::uuid`

/** A condition on a user id column: the user themselves or a member of their team. */
export const selfOrTeam = (userId: string, column: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(${column} = ${userId}::uuid or ${column} in (${teamOf(userId)}))`

/**
 * The caller with their team (contracts' canSeeWorkOf reads it): only managers who do not work across divisions
 * need one; everyone else is returned as they are.
 */
export async function withTeam<C extends Caller>(db: Kysely<unknown>, caller: C): Promise<C> {
  if (!hasPermission(caller, 'manager') || worksAcrossDivisions(caller)) return caller
  const { rows } = await sql<{ user_id: string }>`
    select t.user_id::text as user_id from (${teamOf(caller.userId)}) t`.execute(db)
  return { ...caller, team: rows.map((r) => r.user_id) }
}
