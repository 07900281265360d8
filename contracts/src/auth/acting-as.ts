import { permissionKeys } from './permissions'
import { hasPermission, worksAcrossDivisions } from './visibility'

/** Why acting as someone was refused: what the 403 says. */
export const actingAsMessages = {
  noPermission: 'You are not allowed to log in as another user',
  otherDivision: 'You can only log in as users of a division you work in',
  morePermissions: (missing: readonly string[]) =>
    `You cannot log in as this user: they hold permissions you do not (${missing.join(', ')})`,
} as const

/** Who acts, and whom they would act as, as far as the rule goes. */
export interface ActingParty {
  divisionId: number
  permissions: readonly string[]
}

export type ActingAsVerdict = { allowed: true } | { allowed: false; reason: string }

/** The target's permissions the actor does not hold, in the catalogue's order (unknown keys last). */
export function permissionsBeyond(actor: ActingParty, target: ActingParty): string[] {
  const missing = target.permissions.filter((p) => !actor.permissions.includes(p))
  const known = permissionKeys.filter((p) => missing.includes(p))
  return [...new Set([...known, ...missing.filter((p) => !(permissionKeys as readonly string[]).includes(p))])]
}

/**
 * Logging in as another user (docs/decisions/046): acting as someone never grants more than the person acting
 * holds. Administrators may act as anyone. Anyone else needs `login-as`, and may act only as a user of a
 * division they see (their own; executives any) whose permissions are all among their own. Pure: the login-as
 * route and the web decide alike.
 */
export function mayActAs(actor: ActingParty, target: ActingParty): ActingAsVerdict {
  if (hasPermission(actor, 'admin')) return { allowed: true }
  if (!hasPermission(actor, 'login-as')) return { allowed: false, reason: actingAsMessages.noPermission }
  if (!worksAcrossDivisions(actor) && target.divisionId !== actor.divisionId) {
    return { allowed: false, reason: actingAsMessages.otherDivision }
  }
  const missing = permissionsBeyond(actor, target)
  if (missing.length > 0) return { allowed: false, reason: actingAsMessages.morePermissions(missing) }
  return { allowed: true }
}
