import { hasPermission, worksAcrossDivisions, type RequestUser } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import { selfOrTeam } from './team'

/**
 * Which users a caller sees (docs/product.md section 6): administrators, executives and whoever may assign to
 * anyone see everyone; a manager sees themselves and their team; a rep only themselves. A condition on `u`.
 */
export function visibleUsers(user: Pick<RequestUser, 'userId' | 'permissions'>): RawBuilder<unknown> {
  if (worksAcrossDivisions(user) || hasPermission(user, 'assign-any')) return sql`true`
  if (hasPermission(user, 'manager')) return selfOrTeam(user.userId, sql`u.user_id`)
  return sql`u.user_id = ${user.userId}::uuid`
}
