/** What the API signs into a bearer token. Short names keep the token small; `sid` ties it to a revocable session. */
export interface JwtClaims {
  sub: string
  sid: string
  divisionId: number
  permissions: string[]
  /** Signed in as this user by another (the administrator's id): sign in as. */
  act?: string
  iat?: number
  exp?: number
}

/** The authenticated caller, as route handlers see it on `request.user`. */
export interface RequestUser {
  userId: string
  sessionId: string
  divisionId: number
  permissions: string[]
  /** The person actually at the keyboard when an administrator signed in as this user. */
  signedInBy?: string
}

export function toRequestUser(claims: JwtClaims): RequestUser {
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    divisionId: claims.divisionId,
    permissions: Array.isArray(claims.permissions) ? claims.permissions : [],
    ...(typeof claims.act === 'string' && { signedInBy: claims.act }),
  }
}

// The permission predicates are the visibility policy's, in contracts (one definition for every side).
export { hasPermission, seesWholeDivision, worksAcrossDivisions } from '@crm/contracts'
