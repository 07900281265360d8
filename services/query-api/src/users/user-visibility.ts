import { hasPermission, type RequestUser } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import { workOfSql } from '../visibility/visibility-sql'

/**
 * Which users a caller sees (docs/product.md section 6): administrators, executives and whoever may assign to
 * anyone see everyone; a manager sees themselves and their team; a rep only themselves (whose work they see,
 * visibility-sql.ts). A condition on `u`.
 */
export function visibleUsers(user: Pick<RequestUser, 'userId' | 'permissions'>): RawBuilder<unknown> {
  if (hasPermission(user, 'assign-any')) return sql`true`
  return workOfSql(user, sql`u.user_id`)
}
