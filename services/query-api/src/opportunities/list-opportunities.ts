import {
  OpportunityStage,
  opportunityFilterSchema,
  opportunityRowSchema,
  opportunitySortFields,
  pagedSchema,
  type OpportunityFilter,
  type OpportunitySortField,
  type Paged,
  type OpportunityRow,
} from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { listOptionsParam, listOptionsQuery, type ListOptions } from '../common/list-options'
import { likeContainsAnyCase } from '../common/list-sql'
import type { Viewer } from '../viewer'
import { toOpportunityRow, visibleOpportunities, type Row } from './opportunity-rows'

export type OpportunityOptions = ListOptions<OpportunitySortField, OpportunityFilter>

/** Sortable columns by API name → SQL; anything else is a 400, never raw SQL. */
const sortColumns: Record<OpportunitySortField, string> = {
  creationDate: 'o.creation_date',
  expectedCloseDate: 'o.expected_close_date',
  opportunityName: 'lower(o.opportunity_name)',
  contactName: 'lower(c.name)',
  amount: 'o.amount',
  probability: 'o.probability',
  prospectStage: 'o.prospect_stage',
}

/** The list's query; the lists' default sort (name) means "newest first" here. */
const opportunityList = {
  sortFields: opportunitySortFields,
  defaultSort: { field: 'creationDate', direction: 'desc' },
  filter: opportunityFilterSchema,
} as const

/** `?options=<JSON>`, as every list takes it: paging, sort, the filter and the table's search text. */
export const opportunityListParams = z.object({
  options: listOptionsParam(
    opportunityList,
    listOptionsQuery(opportunityList),
    'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{contactId, userId, divisionId, prospectStage, opportunityType, open}, tableFilter:{global}}',
  ),
})

export const opportunityPageSchema = pagedSchema(opportunityRowSchema)

/** The stages of a closed opportunity, won or lost; every other stage is open. */
const closedStages = sql.join([OpportunityStage.ClosedWon, OpportunityStage.ClosedLost].map((s) => sql.lit(s)))

/**
 * A page of the opportunities the viewer sees (the visibility policy's canSeeOpportunity, as SQL), filtered and
 * sorted, with the exact total over all pages. One the viewer may not see is never listed, whatever the filter.
 */
export async function listOpportunities(
  db: Kysely<unknown>,
  viewer: Viewer,
  options: OpportunityOptions,
): Promise<Paged<OpportunityRow>> {
  const { filter } = options
  const conditions = [visibleOpportunities(viewer)]
  if (filter.contactId) conditions.push(sql`o.contact_id = ${filter.contactId}::uuid`)
  if (filter.userId) conditions.push(sql`o.user_id = ${filter.userId}::uuid`)
  if (filter.divisionId !== undefined) conditions.push(sql`o.division_id = ${filter.divisionId}`)
  if (filter.prospectStage !== undefined) conditions.push(sql`o.prospect_stage = ${filter.prospectStage}`)
  if (filter.opportunityType !== undefined) conditions.push(sql`o.opportunity_type = ${filter.opportunityType}`)
  if (filter.open !== undefined) {
    conditions.push(
      filter.open ? sql`o.prospect_stage not in (${closedStages})` : sql`o.prospect_stage in (${closedStages})`,
    )
  }
  const text = options.tableFilter.global?.trim()
  if (text) {
    const pattern = likeContainsAnyCase(text)
    conditions.push(sql`(lower(o.opportunity_name) like ${pattern} or lower(coalesce(c.name, '')) like ${pattern})`)
  }
  const from = sql`from opportunities o
    left join contacts_list c on c.id = o.contact_id
    left join users u on u.user_id = o.user_id
    where ${sql.join(conditions, sql` and `)}`
  const { rows: counted } = await sql<{ n: string }>`select count(*) as n ${from}`.execute(db)
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const column = sql.raw(sortColumns[options.sort.field])
  const { limit, first } = options.pagination
  const { rows } = await sql<Row>`
    select o.*, o.expected_close_date::text as expected_close_date, c.name as contact_name, u.name as user_name
    ${from}
    order by ${column} ${direction} nulls last, o.opportunity_id ${direction}
    limit ${limit} offset ${first}`.execute(db)
  return { rows: rows.map(toOpportunityRow), total: Number(counted[0]?.n ?? 0), totalIsCapped: false }
}
