import type { PermissionKey } from '@crm/contracts'

/** What the API signs into a bearer token. Short names keep the token small; `sid` ties it to a revocable session. */
export interface JwtClaims {
  sub: string
  sid: string
  divisionId: number
  permissions: string[]
  iat?: number
  exp?: number
}

/** The authenticated caller, as route handlers see it on `request.user`. */
export interface RequestUser {
  userId: string
  sessionId: string
  divisionId: number
  permissions: string[]
}

export function toRequestUser(claims: JwtClaims): RequestUser {
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    divisionId: claims.divisionId,
    permissions: Array.isArray(claims.permissions) ? claims.permissions : [],
  }
}

export function hasPermission(user: Pick<RequestUser, 'permissions'>, key: PermissionKey): boolean {
  return user.permissions.includes(key)
}

/**
 * Managers and executives see every contact of a division; reps only their own and unassigned ones
 * (docs/product.md section 6).
 */
export function seesWholeDivision(user: Pick<RequestUser, 'permissions'>): boolean {
  return hasPermission(user, 'manager') || hasPermission(user, 'executive')
}

/** Executives work across divisions (division 1 is executive); everyone else stays in their own. */
export function worksAcrossDivisions(user: Pick<RequestUser, 'permissions'>): boolean {
  return hasPermission(user, 'executive') || hasPermission(user, 'admin')
}
