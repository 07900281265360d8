import { readModelNames } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import { visibleApplicationSql } from '../credit-applications/find-applications'
import { mailVisibleTo } from '../email/history'
import { visibleTo as visibleTemplates } from '../email/templates'
import { expenseCaller, visibleOwnerSql } from '../expenses/expense-visibility'
import { visibleLoadSql } from '../loads/load-sql'
import { visibleOpportunities } from '../opportunities/opportunity-rows'
import { visibleIn as visibleReferrals } from '../referrals/find-referrals'
import { visibleAssignee } from '../tasks/task-visibility'
import { visibleUsers } from '../users/user-visibility'
import type { Viewer } from '../viewer'

/** The record's id (the rest of its stream id) and the viewer, as a rule about one kind of record needs them. */
interface RecordContext {
  viewer: Viewer
  /** The viewer as the user-based rules take them. */
  user: { userId: string; permissions: string[] }
  /** The id as text, for records keyed by text (receipts, lead imports) or numbers (divisions). */
  text: RawBuilder<unknown>
  /** The id as a uuid, or null when it is not one (which then matches no record). */
  uuid: RawBuilder<unknown>
  /** The viewer's team (contracts' canSeeWorkOf over an owner column), for the rules that read it. */
  owner: (column: RawBuilder<unknown>) => RawBuilder<unknown>
}

type RecordRule = (c: RecordContext) => RawBuilder<unknown>

/** Whose work the viewer sees (contracts' canSeeWorkOf, as the tasks read it): a condition on an owner column. */
const work = (c: RecordContext, owner: RawBuilder<unknown>) => visibleAssignee(c.user, owner)

/**
 * The one mapping from a kind of record (its stream's prefix) to who may see it, in the visibility policy's SQL
 * forms: the audit shows a change only to whoever may see its record (docs/decisions/033). Longest prefixes
 * first, so `call-log-` is not read as a `call-`. A kind not named here is seen by executives and administrators
 * only, so a new kind of record is never shown to more people than it should be before it is added here.
 */
const recordKinds: [prefix: string, rule: RecordRule][] = [
  [
    'credit-application-',
    (c) =>
      sql`exists (select 1 from credit_applications a where a.application_id = ${c.uuid} and ${visibleApplicationSql(c.viewer)})`,
  ],
  ['contact-', (c) => visibleContactSql(c.viewer, c.uuid)],
  ['user-', (c) => sql`exists (select 1 from users u where u.user_id = ${c.uuid} and ${visibleUsers(c.user)})`],
  ['task-', (c) => sql`exists (select 1 from tasks t where t.task_id = ${c.uuid} and ${work(c, sql`t.assigned`)})`],
  [
    'meeting-',
    (c) => sql`exists (select 1 from meetings m where m.meeting_id = ${c.uuid} and ${work(c, sql`m.user_id`)})`,
  ],
  [
    'referral-',
    (c) =>
      sql`exists (select 1 from referrals r where r.referral_id = ${c.uuid} and ${visibleReferrals(c.viewer, 'all')})`,
  ],
  [
    'opportunity-',
    (c) =>
      sql`exists (select 1 from opportunities o where o.opportunity_id = ${c.uuid} and ${visibleOpportunities(c.viewer)})`,
  ],
  [
    'expense-receipt-',
    (c) =>
      sql`exists (select 1 from expense_receipts r left join expenses e on e.expense_id = r.expense_id
      where r.key = ${c.text} and case when e.user_id is null then r.uploaded_by = ${c.viewer.userId}::uuid
        else ${c.owner(sql`e.user_id`)} end)`,
  ],
  [
    'expense-',
    (c) => sql`exists (select 1 from expenses e where e.expense_id = ${c.uuid} and ${c.owner(sql`e.user_id`)})`,
  ],
  [
    'logistics-load-',
    (c) => sql`exists (select 1 from logistics_loads l where l.load_id = ${c.uuid} and ${visibleLoadSql(c.viewer)})`,
  ],
  [
    'email-message-',
    (c) =>
      sql`exists (select 1 from email_messages m where m.message_id = ${c.uuid} and ${mailVisibleTo(c.viewer, 'm')})`,
  ],
  [
    'email-campaign-',
    (c) =>
      sql`exists (select 1 from email_campaigns c where c.campaign_id = ${c.uuid} and ${mailVisibleTo(c.viewer, 'c')})`,
  ],
  [
    'email-template-',
    (c) =>
      sql`exists (select 1 from email_templates t where t.template_id = ${c.uuid} and ${visibleTemplates(c.viewer)})`,
  ],
  // A user's calls: their own work.
  ['call-log-', (c) => work(c, c.uuid)],
  ['phone-session-', (c) => work(c, c.uuid)],
  ['call-', (c) => sql`exists (select 1 from phone_calls p where p.id = ${c.uuid} and ${work(c, sql`p.user_id`)})`],
  // Private to their user: notifications, saved filters, lead imports.
  ['notifications-', (c) => sql`${c.uuid} = ${c.viewer.userId}::uuid`],
  [
    'filter-preset-',
    (c) => sql`exists (select 1 from filter_presets p where p.id = ${c.uuid} and p.user_id = ${c.viewer.userId}::uuid)`,
  ],
  [
    'lead-import-',
    (c) =>
      sql`exists (select 1 from lead_imports i where i.upload_id = ${c.text} and i.user_id = ${c.viewer.userId}::uuid)`,
  ],
  // Division names are everyone's; a division's settings its own people's.
  ['division-', () => sql`true`],
  ['system-config-', (c) => sql`${c.text} = ${String(c.viewer.divisionId)}`],
]

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'

/**
 * A condition on a stream id column: the viewer may see the record the stream holds. Undefined when the viewer
 * sees every record (executives and administrators), so their audit pays nothing for it.
 */
export async function visibleRecordSql(
  db: Kysely<unknown>,
  viewer: Viewer,
  streamId: RawBuilder<unknown>,
): Promise<RawBuilder<unknown> | undefined> {
  if (viewer.seesAllDivisions) return undefined
  const caller = await expenseCaller(db, viewer)
  const owner = (column: RawBuilder<unknown>) => visibleOwnerSql(caller, column)
  const user = { userId: viewer.userId, permissions: [...viewer.permissions] }
  const cases = recordKinds.map(([prefix, rule]) => {
    const text = sql`substr(${streamId}, ${prefix.length + 1})`
    const uuid = sql`(case when ${text} ~ ${UUID} then ${text}::uuid end)`
    return sql`when left(${streamId}, ${prefix.length}) = ${prefix} then (${rule({ viewer, user, text, uuid, owner })})`
  })
  return sql`(case ${sql.join(cases, sql` `)} else false end)`
}

/** The read models the rules read, for read-your-writes. */
export const recordVisibilityProjections = [
  readModelNames.contactDivisions,
  readModelNames.creditApplications,
  readModelNames.tasks,
  readModelNames.meetings,
  readModelNames.referrals,
  readModelNames.opportunities,
  readModelNames.expenses,
  readModelNames.logisticsLoads,
  readModelNames.emailMessages,
  readModelNames.emailTemplates,
  readModelNames.phoneCalls,
  readModelNames.filterPresets,
  readModelNames.leadImports,
]

/** The kinds of record the audit knows, by their stream prefix (the tests check every stream has one). */
export const auditedRecordKinds = recordKinds.map(([prefix]) => prefix)
