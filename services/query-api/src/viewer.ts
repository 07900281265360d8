import { badRequest, forbidden, seesWholeDivision, worksAcrossDivisions } from '@crm/platform'
import type { FastifyRequest } from 'fastify'

/** Whose eyes a query answers for: decides which rows exist for them (docs/architecture.md, "The public API"). */
export interface Viewer {
  userId: string
  /** The division the user works in now. */
  divisionId: number
  /** Managers and executives: every contact of the division; reps: theirs and unassigned ones. */
  seesWholeDivision: boolean
  /** Executives: any division. */
  seesAllDivisions: boolean
  permissions: readonly string[]
}

export const DIVISION_HEADER = 'x-division-id'

/** The token's division, or the one picked in the division switcher (x-division-id) if the user may switch. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user
  const raw = request.headers[DIVISION_HEADER]
  const header = Array.isArray(raw) ? raw[0] : raw
  let divisionId = user.divisionId
  if (header !== undefined && header !== '') {
    if (!/^\d{1,9}$/.test(header)) throw badRequest('Invalid division', { [DIVISION_HEADER]: 'Must be a division id' })
    divisionId = Number(header)
    if (divisionId !== user.divisionId && !worksAcrossDivisions(user)) throw forbidden()
  }
  return {
    userId: user.userId,
    divisionId,
    seesWholeDivision: seesWholeDivision(user) || worksAcrossDivisions(user),
    seesAllDivisions: worksAcrossDivisions(user),
    permissions: user.permissions,
  }
}
