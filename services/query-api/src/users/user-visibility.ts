import { hasPermission, type RequestUser } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'

/**
 * Which users a caller sees (docs/product.md section 6): administrators, executives and whoever may assign to
 * anyone see everyone; a manager sees themselves and their team; a rep only themselves. A condition on `u`.
 */
export function visibleUsers(user: Pick<RequestUser, 'userId' | 'permissions'>): RawBuilder<unknown> {
  if (['admin', 'executive', 'assign-any'].some((p) => hasPermission(user, p as never))) return sql`true`
  if (hasPermission(user, 'manager'))
    return sql`(u.user_id = ${user.userId}::uuid or u.manager_id = ${user.userId}::uuid)`
  return sql`u.user_id = ${user.userId}::uuid`
}
