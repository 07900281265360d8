import { hasPermission, worksAcrossDivisions, type Caller } from '@crm/contracts'
import { selfOrTeam, teamOf, withTeam } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'

/**
 * The query side's SQL forms of the visibility policy (contracts/src/auth/visibility.ts, docs/decisions/010): lists
 * filter in the database, so each predicate a list needs has its SQL twin here, and the feature folders call
 * these instead of restating them. The team is the one lookup of platform/src/read-models/team.ts
 * (docs/decisions/051: disabled users stay on it).
 *
 * The forms: `everyoneOr` (executives and administrators), `workOfSql` (canSeeWorkOf), `divisionOrOwnSql` (records
 * a division shares), `divisionSql` (records of the division one works in), the contact rule over a division's row
 * of a contact (`contactOwnerSql`, `contactOwnersOf`) and over a contact id (`visibleContactSql`), `referralSql`
 * (canSeeReferral), `creditApplicationSql` (canSeeCreditApplication) and `templateSql` (canSeeTemplate).
 *
 * Not here, and not forms of this policy: a user's own records (their notifications, saved filters, lead imports,
 * call log, personal notes) are filtered by their user column being the caller's id, the recipient's own and no one
 * else's whatever their role. The contact lists' index-shaped rewrites of the contact rule (the per-owner matches of
 * contact-lists/search-scope.ts, decision 040) take the owners from `contactOwnersOf`; which division's row a list
 * reads (an executive's pick, one row per contact for master data) stays with the lists.
 */
export { selfOrTeam, teamOf, withTeam }

type Who = Pick<Caller, 'userId' | 'permissions'>

/**
 * "Executive or administrator" in SQL (contracts' worksAcrossDivisions): they see every row, so `true`; everyone
 * else the rule given.
 */
export const everyoneOr = (
  caller: Pick<Caller, 'permissions'>,
  rule: () => RawBuilder<unknown>,
): RawBuilder<unknown> => (worksAcrossDivisions(caller) ? sql`true` : rule())

/**
 * Whose work the caller sees (contracts' canSeeWorkOf: tasks, meetings, calls, expenses, report numbers), as a
 * condition on an owner column: executives and administrators everyone's, a manager their own and their team's,
 * everyone else their own.
 */
export const workOfSql = (caller: Who, owner: RawBuilder<unknown>): RawBuilder<unknown> =>
  everyoneOr(caller, () =>
    hasPermission(caller, 'manager') ? selfOrTeam(caller.userId, owner) : sql`${owner} = ${caller.userId}::uuid`,
  )

/**
 * The shape of the records a whole division shares (opportunities, activities, email): executives and
 * administrators any; managers (contracts' seesWholeDivision) those of the division they work in; everyone else
 * their own (`own`).
 */
export const divisionOrOwnSql = (
  viewer: Pick<Viewer, 'divisionId' | 'seesWholeDivision' | 'permissions'>,
  division: RawBuilder<unknown>,
  own: RawBuilder<unknown>,
): RawBuilder<unknown> => everyoneOr(viewer, () => (viewer.seesWholeDivision ? divisionSql(viewer, division) : own))

/**
 * Records of a division everyone working in it sees, whatever their role (a division's templates, its status
 * changes): executives and administrators any division's, everyone else the division they work in now.
 */
export const divisionSql = (
  viewer: Pick<Viewer, 'divisionId' | 'permissions'>,
  division: RawBuilder<unknown>,
): RawBuilder<unknown> => everyoneOr(viewer, () => sql`${division} = ${viewer.divisionId}`)

/** Who the contact rule is about: the viewer's flags, as viewerOf derives them from the same predicates. */
type ContactViewer = Pick<Viewer, 'userId' | 'divisionId' | 'seesWholeDivision' | 'seesAllDivisions'>

/**
 * The owners whose rows of a division the viewer sees (contracts' canSeeContact): a rep their own and nobody's
 * (null), for rewrites that name each owner; null when every owner's (managers, executives, administrators).
 */
export const contactOwnersOf = (
  viewer: Pick<ContactViewer, 'userId' | 'seesWholeDivision'>,
): (string | null)[] | null => (viewer.seesWholeDivision ? null : [viewer.userId, null])

/**
 * The owner half of canSeeContact on one division's row of a contact (contact_search, contact_divisions): a rep
 * sees the rows assigned to them and unassigned ones, written as the lists' indexes are read. Undefined for
 * whoever sees the whole division: no condition. The division half is the caller's (which division's rows a list
 * reads), or visibleContactSql's.
 */
export const contactOwnerSql = (
  viewer: Pick<ContactViewer, 'userId' | 'seesWholeDivision'>,
  assigned: RawBuilder<unknown>,
): RawBuilder<unknown> | undefined =>
  contactOwnersOf(viewer) ? sql`(${assigned} = ${viewer.userId}::uuid or ${assigned} is null)` : undefined

/**
 * canSeeContact as a condition on a contact id column, for queries not served by the list read model's own scope:
 * executives and administrators any contact; everyone else a contact of the division they work in and, for a rep,
 * theirs or unassigned there.
 */
export function visibleContactSql(viewer: ContactViewer, contactId: RawBuilder<unknown>): RawBuilder<unknown> {
  if (viewer.seesAllDivisions) return sql`true`
  const own = contactOwnerSql(viewer, sql`vd.assigned`)
  return sql`exists (select 1 from contact_divisions vd
    where vd.contact_id = ${contactId} and vd.division_id = ${viewer.divisionId}${own ? sql` and ${own}` : sql``})`
}

/** A referral's columns (referrals read model) as canSeeReferral reads them. */
export interface ReferralColumns {
  /** The receiving division. */
  divisionId: RawBuilder<unknown>
  divisionFrom: RawBuilder<unknown>
  sentBy: RawBuilder<unknown>
  attentionTo: RawBuilder<unknown>
}

/**
 * canSeeReferral, in one direction: `sent` those a manager's division sent (a rep's: they sent), `received` those
 * sent to the division (a rep's: addressed to them), `all` either, and every one for executives and administrators.
 * Executives looking at one direction read it for the division they look at, as a manager does.
 */
export function referralSql(
  viewer: Pick<Viewer, 'userId' | 'divisionId' | 'seesWholeDivision' | 'seesAllDivisions'>,
  direction: 'sent' | 'received' | 'all',
  r: ReferralColumns,
): RawBuilder<unknown> {
  const division = viewer.divisionId
  const sent = viewer.seesWholeDivision
    ? sql`${r.divisionFrom} = ${division}`
    : sql`${r.sentBy} = ${viewer.userId}::uuid`
  const received = viewer.seesWholeDivision
    ? sql`${r.divisionId} = ${division}`
    : sql`${r.attentionTo} = ${viewer.userId}::uuid`
  if (direction === 'sent') return sent
  if (direction === 'received') return received
  return viewer.seesAllDivisions ? sql`true` : sql`(${sent} or ${received})`
}

/**
 * canSeeCreditApplication over the column of an application's divisions (a jsonb array): executives and
 * administrators every application, a credit analyst those of the divisions they work in, anyone else none.
 */
export const creditApplicationSql = (
  viewer: Pick<Viewer, 'divisionId' | 'permissions'>,
  divisions: RawBuilder<unknown>,
): RawBuilder<unknown> =>
  everyoneOr(viewer, () =>
    hasPermission(viewer, 'credit-analyst')
      ? sql`${divisions} @> ${JSON.stringify([viewer.divisionId])}::jsonb`
      : sql`false`,
  )

/** An email template's columns as canSeeTemplate reads them. */
export interface TemplateColumns {
  scope: RawBuilder<unknown>
  owner: RawBuilder<unknown>
  division: RawBuilder<unknown>
}

/**
 * canSeeTemplate (contracts/src/email/template-visibility.ts): a personal template its author's alone; a division
 * template everyone's of the division (divisionSql), any for executives and administrators.
 */
export const templateSql = (viewer: Pick<Viewer, 'userId' | 'divisionId' | 'permissions'>, t: TemplateColumns) =>
  sql`((${t.scope} = 'personal' and ${t.owner} = ${viewer.userId}::uuid)
    or (${t.scope} = 'division' and ${divisionSql(viewer, t.division)}))`
