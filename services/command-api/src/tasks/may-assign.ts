import { isManagerOf } from '@crm/contracts'
import { forbidden, hasPermission, worksAcrossDivisions, type RequestUser } from '@crm/platform'
import type { Kysely } from 'kysely'
import { findUserById } from '../users/users-read-model'

/**
 * Whom a task may be assigned to (docs/product.md 6): oneself always; anyone with assign-any (executives and
 * administrators, who work across divisions, too); a manager also the users of their team, i.e. whose
 * managerId is the manager (the users read model, as the query side's task visibility reads it), while they are
 * active: a disabled user stays on the team for what they left behind (docs/decisions/051) but takes no new work.
 */
export async function mayAssignTask(db: Kysely<unknown>, user: RequestUser, assigned: string): Promise<boolean> {
  if (assigned === user.userId || hasPermission(user, 'assign-any') || worksAcrossDivisions(user)) return true
  if (!hasPermission(user, 'manager')) return false
  const member = await findUserById(db, assigned)
  return member !== undefined && !member.disabled && isManagerOf(user, member)
}

/** 403 unless the caller may assign a task to `assigned`. */
export async function assertMayAssignTask(db: Kysely<unknown>, user: RequestUser, assigned: string): Promise<void> {
  if (!(await mayAssignTask(db, user, assigned))) throw forbidden()
}
