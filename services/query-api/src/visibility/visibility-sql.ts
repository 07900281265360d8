import { hasPermission, worksAcrossDivisions, type Caller } from '@crm/contracts'
import { selfOrTeam, teamOf, withTeam } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'

/**
 * The query side's SQL forms of the visibility policy (contracts/src/auth/visibility.ts, docs/decisions/010): lists
 * filter in the database, so each predicate a list needs has its SQL twin here, and the feature folders call
 * these instead of restating them. The team is the one lookup of platform/src/read-models/team.ts
 * (docs/decisions/051: disabled users stay on it).
 */
export { selfOrTeam, teamOf, withTeam }

type Who = Pick<Caller, 'userId' | 'permissions'>

/**
 * "Executive or administrator" in SQL (contracts' worksAcrossDivisions): they see every row, so `true`; everyone
 * else the rule given.
 */
export const everyoneOr = (
  caller: Pick<Caller, 'permissions'>,
  rule: () => RawBuilder<unknown>,
): RawBuilder<unknown> => (worksAcrossDivisions(caller) ? sql`true` : rule())

/**
 * Whose work the caller sees (contracts' canSeeWorkOf: tasks, meetings, calls, expenses, report numbers), as a
 * condition on an owner column: executives and administrators everyone's, a manager their own and their team's,
 * everyone else their own.
 */
export const workOfSql = (caller: Who, owner: RawBuilder<unknown>): RawBuilder<unknown> =>
  everyoneOr(caller, () =>
    hasPermission(caller, 'manager') ? selfOrTeam(caller.userId, owner) : sql`${owner} = ${caller.userId}::uuid`,
  )

/**
 * The shape of the records a whole division shares (opportunities, activities, email): executives and
 * administrators any; managers (contracts' seesWholeDivision) those of the division they work in; everyone else
 * their own (`own`).
 */
export const divisionOrOwnSql = (
  viewer: Pick<Viewer, 'divisionId' | 'seesWholeDivision' | 'permissions'>,
  division: RawBuilder<unknown>,
  own: RawBuilder<unknown>,
): RawBuilder<unknown> =>
  everyoneOr(viewer, () => (viewer.seesWholeDivision ? sql`${division} = ${viewer.divisionId}` : own))
