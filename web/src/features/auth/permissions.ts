import type { PermissionKey } from '@crm/contracts'
import { useSession } from './session-store'

/** What the UI offers follows the permissions in the session; the server checks them again on every call. */
export function useCan(key: PermissionKey): boolean {
  const session = useSession()
  return session?.user.permissions.includes(key) ?? false
}

/** Executives and administrators work in any division; everyone else in their own (docs/product.md section 6). */
export function useWorksAcrossDivisions(): boolean {
  const executive = useCan('executive')
  const admin = useCan('admin')
  return executive || admin
}
