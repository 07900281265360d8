import { relatedEntityCounts } from '../contact-lists/related-entity-counts'
import type { ContactListRow, Paged } from '@crm/contracts'
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { cappedTotal, COUNT_CAP, likeContains, likeStartsWith } from '../common/list-sql'
import { readModels, type ReadModels } from '../read-models'
import { toContactListRow } from './contact-list-row'
import type { Viewer } from '../viewer'
import { contactSortColumns, type ContactListOptions } from './list-options'

type From = ExpressionBuilder<
  ReadModels & { c: ReadModels['contacts_list']; d: ReadModels['contact_divisions'] },
  'c' | 'd'
>

/** The contacts of the viewer's division they may see, filtered, sorted and paged on the server. */
export async function listContacts(
  db: Kysely<unknown>,
  { viewer, options }: { viewer: Viewer; options: ContactListOptions },
): Promise<Paged<ContactListRow>> {
  const { filter, sort, pagination, tableFilter } = options
  const global = tableFilter.global?.trim()
  let base = readModels(db)
    .selectFrom('contacts_list as c')
    .innerJoin('contact_divisions as d', (join) =>
      join.onRef('d.contact_id', '=', 'c.id').on('d.division_id', '=', viewer.divisionId),
    )
    .where('c.deleted', '=', false)
    .where((eb: From) => {
      const conditions = []
      if (!viewer.seesWholeDivision)
        conditions.push(eb.or([eb('d.assigned', '=', viewer.userId), eb('d.assigned', 'is', null)]))
      if (filter.name) conditions.push(eb('c.name', 'ilike', likeContains(filter.name)))
      if (filter.statusId !== undefined) conditions.push(eb('d.status_id', '=', filter.statusId))
      if (filter.state) conditions.push(eb(eb.fn('upper', ['c.state']), '=', filter.state.toUpperCase()))
      if (filter.dotNumber) conditions.push(eb('c.dot_number', 'like', likeStartsWith(filter.dotNumber)))
      if (filter.mcNumber) conditions.push(eb('c.mc_number', 'like', likeStartsWith(filter.mcNumber)))
      if (global) {
        conditions.push(
          eb.or([
            eb('c.name', 'ilike', likeContains(global)),
            eb('c.dot_number', 'like', likeStartsWith(global)),
            eb('c.mc_number', 'like', likeStartsWith(global)),
          ]),
        )
      }
      return eb.and(conditions)
    })

  const { n } = await readModels(db)
    .selectFrom(
      base
        .select(sql.lit(1).as('one'))
        .limit(COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const count = Number(n)

  const column = contactSortColumns[sort.field]
  const sortExpression =
    column === 'name' ? sql`lower(c.name)` : sql.ref(column === 'status_id' ? 'd.status_id' : `c.${column}`)
  base = base
    .orderBy(sortExpression, (o) => (sort.direction === 'asc' ? o.asc().nullsLast() : o.desc().nullsLast()))
    .orderBy('c.id')

  const rows = await base
    .leftJoin('users as u', 'u.user_id', 'd.assigned')
    .select([
      'c.id',
      'c.name',
      'c.organization_type_id',
      'c.dot_number',
      'c.mc_number',
      'c.state',
      'c.number_of_trucks',
      'c.owner_name',
      'c.preferred_language',
      'c.company_type_id',
      'c.business_phone',
      'c.last_contact_date',
      'c.last_meeting_date',
      'c.import_date',
      'c.opened_flags',
      'c.created_at',
      'd.division_id',
      'd.status_id',
      'd.assigned',
      'u.name as assigned_name',
    ])
    .limit(pagination.limit)
    .offset(pagination.first)
    .execute()

  const related = await relatedEntityCounts(
    db,
    rows.map((r) => r.id),
  )
  return {
    rows: rows.map((r) => toContactListRow(r.id, r, related.get(r.id) ?? 0)),
    ...cappedTotal(count),
  }
}
