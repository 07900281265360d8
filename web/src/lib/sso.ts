import { messages } from '@crm/contracts'
import { notify } from './notify'
import { safeReturnPath } from './safe-return-path'
import { clearSession, saveLogin } from './session-store'

/** The sealed parameter of a sister app (docs/product.md section 2): fromTruckSales wins if both are present. */
export function ssoParameter(search: Record<string, unknown>): string | undefined {
  const value = search.fromTruckSales ?? search.fromCRM
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/**
 * Logs in from a sister app's link and tells where to go: {pathname}/{contactId} for fromTruckSales, the
 * page the link pointed at (without the parameter) for fromCRM, or the login page when the link fails.
 */
export async function ssoLogin(sealed: string, currentPath: string): Promise<string> {
  try {
    // Only links from a sister app need it, and it checks the answer with zod: loaded then.
    const { decryptSso } = await import('./sso-decrypt')
    const login = await decryptSso(sealed)
    clearSession({ keepDivision: true })
    saveLogin(login)
    if (login.pathname) {
      const contact = login.contactId ? `/${encodeURIComponent(login.contactId)}` : ''
      return safeReturnPath(`${login.pathname.replace(/\/+$/, '')}${contact}`)
    }
    return safeReturnPath(currentPath)
  } catch {
    notify.error(messages.unauthorized)
    return '/login'
  }
}
