import { hasPermission, type Caller, type PermissionKey } from '@crm/contracts'
import { useSession } from './session-store'

/** A rule of the one visibility policy (contracts/src/auth/visibility.ts) that needs only the permissions. */
export type PermissionRule = (caller: Pick<Caller, 'permissions'>) => boolean

const NONE: readonly string[] = []

/**
 * Whether the signed-in user passes a rule of contracts/src/auth/visibility.ts: the web shows or hides by the same
 * predicates the server enforces (the server checks again; this only hides what would fail).
 */
export function useAllowed(rule: PermissionRule): boolean {
  const permissions = useSession()?.user.permissions ?? NONE
  return rule({ permissions })
}

/** Whether the signed-in user holds one permission. */
export function useCan(key: PermissionKey): boolean {
  return useAllowed((caller) => hasPermission(caller, key))
}
