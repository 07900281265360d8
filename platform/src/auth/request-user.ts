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

// The permission predicates are the visibility policy's, in contracts (one definition for every side).
export { hasPermission, seesWholeDivision, worksAcrossDivisions } from '@crm/contracts'
