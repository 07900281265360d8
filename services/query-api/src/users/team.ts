import { sql, type RawBuilder } from 'kysely'

/**
 * The query side's one "is managed by" (contracts' isManagerOf in SQL): the users whose manager `managerId` is.
 * Disabled members stay in the team for what was theirs (their tasks, to hand over); who can be picked for new
 * work filters `not disabled` itself.
 */
export const teamOf = (managerId: string): RawBuilder<unknown> =>
  sql`select team.user_id from users team where team.manager_id = ${managerId}::uuid`

/** A condition on a user id column: the caller themselves or a member of their team. */
export const selfOrTeam = (userId: string, column: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(${column} = ${userId}::uuid or ${column} in (${teamOf(userId)}))`
