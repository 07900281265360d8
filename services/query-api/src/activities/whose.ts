import { forbidden } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { visibleUsers } from '../users/user-visibility'

/**
 * Whose activities a summary counts: the caller's by default; another user's only if the caller sees that
 * user (managers their team, executives everyone; users/user-visibility.ts), otherwise 403.
 */
export async function summaryUserOf(db: Kysely<unknown>, request: FastifyRequest, userId?: string): Promise<string> {
  const caller = request.user.userId
  if (!userId || userId === caller) return caller
  const { rows } = await sql`
    select 1 from users u where u.user_id = ${userId}::uuid and ${visibleUsers(request.user)}`.execute(db)
  if (rows.length === 0) throw forbidden()
  return userId
}
