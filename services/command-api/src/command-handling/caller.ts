import type { Caller } from '@crm/contracts'
import { withTeam } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'

/** The caller of a command as the visibility policy sees them (contracts/src/auth/visibility.ts). */
export const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.user.userId,
  divisionId: request.user.divisionId,
  permissions: request.user.permissions,
})

/**
 * The caller with their team, for the rules on whose work (tasks, meetings, expenses) one may touch: the one team
 * lookup (platform/src/read-models/team.ts), the same the query side's lists read.
 */
export const callerWithTeam = (db: Kysely<unknown>, request: FastifyRequest): Promise<Caller> =>
  withTeam(db, callerOf(request))
