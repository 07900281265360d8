import {
  ALL_SALESPEOPLE,
  DASHBOARD_EXPORT_LIMIT,
  checkDashboardFilter,
  dashboardDrillPageSchema,
  dashboardDrillQuerySchema,
  dashboardMessages,
  dashboardQuerySchema,
  dashboardSchema,
  type DashboardFilter,
  type DashboardQuery,
  readModelNames,
} from '@crm/contracts'
import { badRequest, EXCEL_MEDIA_TYPE, forbidden, notFound, seesWholeDivision, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { reportDivision } from '../reports/report-scope'
import { viewerOf } from '../viewer'
import { dashboardOpportunities, opportunityDashboard } from './dashboard'
import { dashboardWorkbook } from './dashboard-export'

const tags = ['dashboard-opportunity']
const projections = [readModelNames.opportunityDashboard, readModelNames.contactsList, readModelNames.users]

/**
 * The filter of a dashboard request (docs/product.md 5), or 400 with the product's messages under the fields.
 * Without the manager permission the salesperson is the caller: "all" is refused (403) and anyone else is
 * answered as a missing user (404), as the visibility policy answers what one may not see.
 */
function filterOf(request: FastifyRequest, query: DashboardQuery): DashboardFilter {
  const checked = checkDashboardFilter(query)
  if (checked.errors) throw badRequest(Object.values(checked.errors)[0]!, checked.errors)
  const { filter } = checked
  // A division one may not ask a report for is answered as a missing one, not with one's own.
  reportDivision(request, filter.divisionId)
  if (!seesWholeDivision(request.user) && filter.userId !== request.user.userId) {
    if (filter.userId === ALL_SALESPEOPLE) throw forbidden(dashboardMessages.salespersonRequired)
    throw notFound(dashboardMessages.salespersonNotFound)
  }
  return filter
}

/**
 * The opportunity dashboard (docs/product.md 2 and 7, docs/decisions/029): totals by stage, won and lost, the
 * trend, the opportunities behind each number (stage_prospects_modal, dashboard_opportunities_modal) and the
 * Excel export. Rows go through the visibility policy's canSeeOpportunity.
 */
export function dashboardOpportunityRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/dashboard-opportunity',
    {
      config: { projections },
      schema: {
        summary: 'Opportunity totals by stage, won / lost and the trend, for a division, salesperson and range of days',
        tags,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => opportunityDashboard(db, viewerOf(request), filterOf(request, request.query)),
  )

  api.get(
    '/dashboard-opportunity/opportunities',
    {
      config: { projections },
      schema: {
        summary: 'The opportunities behind one dashboard number: a stage, the open pipeline or all, paged',
        tags,
        querystring: dashboardDrillQuerySchema,
        response: { 200: dashboardDrillPageSchema },
      },
    },
    async (request) => {
      const { slice, limit, first } = request.query
      const filter = filterOf(request, request.query)
      return dashboardOpportunities(db, viewerOf(request), filter, slice, { limit, first })
    },
  )

  api.get(
    '/dashboard-opportunity/export',
    {
      config: {
        projections,
        openapi: { file: { mediaTypes: [EXCEL_MEDIA_TYPE], description: 'The dashboard as an .xlsx workbook' } },
      },
      schema: {
        summary: `The dashboard as an Excel file: totals by stage and its opportunities (at most ${DASHBOARD_EXPORT_LIMIT.toLocaleString('en-US')})`,
        tags,
        querystring: dashboardQuerySchema,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      const filter = filterOf(request, request.query)
      const [dashboard, page] = await Promise.all([
        opportunityDashboard(db, viewer, filter),
        dashboardOpportunities(db, viewer, filter, 'all', { limit: DASHBOARD_EXPORT_LIMIT, first: 0 }),
      ])
      const file = `opportunities-${filter.dateFrom}-${filter.dateTo}.xlsx`
      return reply
        .type(EXCEL_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(await dashboardWorkbook(dashboard, page))
    },
  )
}
