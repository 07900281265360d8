import { hasPermission, worksAcrossDivisions, type Caller } from '@crm/contracts'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'

/** The caller of a command as the visibility policy sees them (contracts/src/auth/visibility.ts). */
export const callerOf = (request: FastifyRequest): Caller => ({
  userId: request.user.userId,
  divisionId: request.user.divisionId,
  permissions: request.user.permissions,
})

/**
 * The caller with their team, for the rules on whose work (tasks, meetings) one may touch: a manager's team is
 * the users whose manager they are (users read model). Only managers who do not work across divisions need it.
 */
export async function callerWithTeam(db: Kysely<unknown>, request: FastifyRequest): Promise<Caller> {
  const caller = callerOf(request)
  if (!hasPermission(caller, 'manager') || worksAcrossDivisions(caller)) return caller
  const { rows } = await sql<{ user_id: string }>`
    select user_id from users where manager_id = ${caller.userId}::uuid`.execute(db)
  return { ...caller, team: rows.map((r) => r.user_id) }
}
