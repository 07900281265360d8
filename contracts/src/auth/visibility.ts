import type { PermissionKey } from './permissions'

/**
 * The one visibility policy (docs/architecture.md, "The public API"): what a caller may see and touch. Pure, so
 * the command API, the query API and the web decide alike. A record the caller may not see is answered as a
 * missing one (404), on reads and writes alike.
 */
export interface Caller {
  userId: string
  /** The division the caller works in now. */
  divisionId: number
  permissions: readonly string[]
  /**
   * For a manager: the users whose manager they are, disabled ones included (isManagerOf). Only the rule on whose
   * work one sees reads it; `withTeam` (platform/src/read-models/team.ts) loads it for managers (none is right for
   * everyone else).
   */
  team?: readonly string[]
}

export const hasPermission = (caller: Pick<Caller, 'permissions'>, key: PermissionKey): boolean =>
  caller.permissions.includes(key)

/**
 * Executives (division 1) and administrators work across divisions; everyone else stays in their own. The one
 * "executive or administrator": whoever sees every record and every user's work asks this (its SQL form is
 * `everyoneOr` in services/query-api/src/visibility/visibility-sql.ts).
 */
export const worksAcrossDivisions = (caller: Pick<Caller, 'permissions'>): boolean =>
  hasPermission(caller, 'executive') || hasPermission(caller, 'admin')

/** Managers and executives see every contact of their division; reps their own and unassigned ones. */
export const seesWholeDivision = (caller: Pick<Caller, 'permissions'>): boolean =>
  hasPermission(caller, 'manager') || worksAcrossDivisions(caller)

/**
 * Reports over whole divisions (no user's own work in them, e.g. time from Lead to Account): managers of their
 * division; analysts, executives and administrators of any.
 */
export const readsDivisionReports = (caller: Pick<Caller, 'permissions'>): boolean =>
  seesWholeDivision(caller) || hasPermission(caller, 'analyst')

/** Analysts, executives and administrators read division reports of every division. */
export const readsEveryDivisionReport = (caller: Pick<Caller, 'permissions'>): boolean =>
  worksAcrossDivisions(caller) || hasPermission(caller, 'analyst')

/**
 * The one answer to "which divisions may this caller ask a report for": executives and administrators any;
 * analysts any for reports over whole divisions (`wholeDivisions`, e.g. time from Lead to Account); everyone
 * else only the division they work in now. Any other division is answered as a missing one (404), never with the
 * caller's own numbers instead.
 */
export function reportDivisionsOf(
  caller: Pick<Caller, 'divisionId' | 'permissions'>,
  { wholeDivisions = false }: { wholeDivisions?: boolean } = {},
): 'any' | number {
  if (worksAcrossDivisions(caller) || (wholeDivisions && readsEveryDivisionReport(caller))) return 'any'
  return caller.divisionId
}

/** May the caller ask a report for this division (reportDivisionsOf)? */
export const mayAskReportFor = (
  caller: Pick<Caller, 'divisionId' | 'permissions'>,
  divisionId: number,
  options: { wholeDivisions?: boolean } = {},
): boolean => {
  const divisions = reportDivisionsOf(caller, options)
  return divisions === 'any' || divisions === divisionId
}

/** Who sees users other than themselves in pickers and filters: those who assign to anyone, managers, executives. */
export const seesOtherUsers = (caller: Pick<Caller, 'permissions'>): boolean =>
  hasPermission(caller, 'assign-any') || seesWholeDivision(caller)

/** A contact's standing in one division, as far as visibility goes. */
export interface ContactStanding {
  divisionId: number
  assigned: string | null
}

/**
 * May the caller see (and so act on) this contact? Across divisions: any. Otherwise the contact must belong to
 * the caller's division and, for a rep, be theirs or unassigned there.
 */
export function canSeeContact(caller: Caller, standings: readonly ContactStanding[]): boolean {
  if (worksAcrossDivisions(caller)) return true
  const here = standings.find((s) => s.divisionId === caller.divisionId)
  if (!here) return false
  return seesWholeDivision(caller) || here.assigned === null || here.assigned === caller.userId
}

/**
 * The one "is managed by": a manager over a user whose manager they are, disabled users included
 * (docs/decisions/051): what a user left behind still needs a manager who sees it and hands it over. Giving a user
 * new work (assigning, notifying) asks `disabled` itself. Its SQL form, for lists and the command side's team, is
 * `teamOf` in platform/src/read-models/team.ts.
 */
export const isManagerOf = (caller: Pick<Caller, 'userId' | 'permissions'>, user: TeamMember): boolean =>
  hasPermission(caller, 'manager') && user.managerId === caller.userId

/** What the team rules need to know of a user. */
export interface TeamMember {
  managerId: string | null
  disabled?: boolean
}

/** Whose work (tasks, meetings) the caller sees: their own; a manager's team's too; executives everyone's. */
export function canSeeWorkOf(caller: Caller, ownerId: string | null): boolean {
  if (worksAcrossDivisions(caller)) return true
  if (ownerId === null) return false
  return ownerId === caller.userId || (hasPermission(caller, 'manager') && (caller.team ?? []).includes(ownerId))
}

/**
 * Rows a caller may assign (docs/product.md 5: 'Unable to select'): with assign-any any row; a rep only rows that
 * are unassigned or already theirs. Managers work the To Reassign list, where every row is selectable, so any row
 * of their division they can see (docs/decisions/010).
 */
export function maySelectForAssign(caller: Caller, assigned: string | null): boolean {
  if (hasPermission(caller, 'assign-any') || seesWholeDivision(caller)) return true
  return assigned === null || assigned === caller.userId
}

/** Whether a caller may assign contacts to others (docs/product.md 6); without it the Assigned select is locked. */
export const mayAssignContactsToOthers = (caller: Pick<Caller, 'permissions'>): boolean =>
  hasPermission(caller, 'assign-any') || worksAcrossDivisions(caller)

/** Whom a caller may assign contacts to: anyone with assign-any, else only themselves. */
export const mayAssignContactsTo = (caller: Caller, assignee: string): boolean =>
  assignee === caller.userId || mayAssignContactsToOthers(caller)

/** What the referral rules need to know of a referral. */
export interface ReferralStanding {
  /** The receiving division. */
  divisionId: number
  divisionFrom: number
  sentBy: string
  attentionTo: string
}

/**
 * Who sees a referral (and so acts on it): executives and administrators any; a manager those sent from or to
 * their division; a rep those they sent or that are addressed to them.
 */
export function canSeeReferral(caller: Caller, referral: ReferralStanding): boolean {
  if (worksAcrossDivisions(caller)) return true
  if (hasPermission(caller, 'manager')) {
    return referral.divisionId === caller.divisionId || referral.divisionFrom === caller.divisionId
  }
  return referral.sentBy === caller.userId || referral.attentionTo === caller.userId
}

/** Who manages a referral's receiving side (reassigns it, enters its payment): its division's managers, executives. */
export const managesReferral = (caller: Caller, referral: Pick<ReferralStanding, 'divisionId'>): boolean =>
  worksAcrossDivisions(caller) || (hasPermission(caller, 'manager') && caller.divisionId === referral.divisionId)
/**
 * Credit applications (docs/decisions/021, 031) belong to the divisions that handle their source: the credit
 * analysts working in one of them see and work the application; executives and administrators see all. The
 * division's sales reps do not.
 */
export const canSeeCreditApplication = (caller: Caller, divisions: readonly number[]): boolean =>
  worksAcrossDivisions(caller) || (hasPermission(caller, 'credit-analyst') && divisions.includes(caller.divisionId))

/** Whether the caller works credit applications at all (the web shows the lists by it). */
export const worksCreditApplications = (caller: Pick<Caller, 'permissions'>): boolean =>
  worksAcrossDivisions(caller) || hasPermission(caller, 'credit-analyst')

/** Who may be an application's analyst: an active credit analyst working in one of its divisions. */
export const mayAnalyseCreditApplication = (
  user: { divisionId: number; permissions: readonly string[]; disabled?: boolean },
  divisions: readonly number[],
): boolean => !user.disabled && hasPermission(user, 'credit-analyst') && divisions.includes(user.divisionId)

/** Unmasked SSN, date of birth and bank details: the credit permission only. */
export const mayRevealCreditData = (caller: Pick<Caller, 'permissions'>): boolean =>
  hasPermission(caller, 'reveal-credit-data')

/**
 * Who sees an opportunity (and so acts on it): executives and administrators any; a manager those of their
 * division; a rep those whose salesperson they are or that they created.
 */
export function canSeeOpportunity(
  caller: Caller,
  opportunity: { divisionId: number; userId: string; createdBy: string },
): boolean {
  if (worksAcrossDivisions(caller)) return true
  if (hasPermission(caller, 'manager')) return opportunity.divisionId === caller.divisionId
  return opportunity.userId === caller.userId || opportunity.createdBy === caller.userId
}
