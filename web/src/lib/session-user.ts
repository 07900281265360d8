import type { SessionUser } from '@crm/contracts'

/**
 * The stored user of a session, checked without zod: this runs before the first screen, which does not download
 * zod (docs/decisions/014). The same fields as the contracts' sessionUserSchema; session-user.unit.spec.ts
 * holds the two together.
 */
export function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false
  const user = value as Record<string, unknown>
  return (
    typeof user.userId === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.divisionId === 'number' &&
    Array.isArray(user.permissions) &&
    user.permissions.every((p) => typeof p === 'string')
  )
}
