import type { PermissionKey } from '@crm/contracts'
import { useSession } from '../../lib/session-store'

/**
 * What a task screen's user pickers offer, as the task routes decide it (docs/product.md 6): assign-any (and
 * executives, administrators) assign to anyone, a manager to their team; executives and administrators see
 * everyone's tasks, a manager their team's. Everyone else: themselves only, the picker locked.
 */
export function useTaskUserPicking() {
  const permissions = useSession()?.user.permissions ?? []
  const has = (key: PermissionKey) => permissions.includes(key)
  const acrossDivisions = has('executive') || has('admin')
  return {
    mayAssignOthers: has('assign-any') || acrossDivisions || has('manager'),
    /** Assigns only within their team: the picker says so. */
    assignsWithinTeam: has('manager') && !has('assign-any') && !acrossDivisions,
    maySeeOthersTasks: acrossDivisions || has('manager'),
  }
}
