import type { ActivitiesPage } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'
import { divisionOrOwnSql } from '../visibility/visibility-sql'
import { activityRowColumns, toActivityRow } from './activity-rows'

type Params = { type: number; limit: number; first: number }

/**
 * Which activities a viewer sees without naming a contact: executives all, managers their division's,
 * reps their own. (With a contact, the contact's visibility decides instead.)
 */
export const visibleActivities = (viewer: Viewer): RawBuilder<unknown> =>
  divisionOrOwnSql(viewer, sql`a.division_id`, sql`a.user_id = ${viewer.userId}::uuid`)

/** GET /activity/by-type: active activities of one type, newest first, with the total for the pager. */
export async function activitiesByType(
  db: Kysely<unknown>,
  scope: RawBuilder<unknown>,
  { type, limit, first }: Params,
): Promise<ActivitiesPage> {
  const where = sql`a.active and a.activity_type = ${type} and ${scope}`
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<Record<string, unknown>>`
      select ${sql.raw(activityRowColumns)}
      from activities a left join users u on u.user_id = a.user_id
      where ${where}
      order by a.occurred_at desc, a.activity_id desc
      limit ${limit} offset ${first}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from activities a where ${where}`.execute(db),
  ])
  return { rows: rows.map(toActivityRow), total: count[0]?.total ?? 0 }
}

export const ofContacts = (contactIds: string[]): RawBuilder<unknown> => sql`a.contact_id = any(${contactIds}::uuid[])`
