import {
  dayRatingQuerySchema,
  dayRatingSchema,
  leadToAccountQuerySchema,
  leadToAccountReportSchema,
  reportMessages,
  salesMetricActivitiesPageSchema,
  salesMetricContactsPageSchema,
  salesMetricDrillQuerySchema,
  salesMetricQuerySchema,
  salesMetricReportSchema,
  salesMetrics,
  type UserExpectations,
  readModelNames,
} from '@crm/contracts'
import { badRequest, EXCEL_MEDIA_TYPE, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely, RawBuilder } from 'kysely'
import { dayRatingLines, localToday } from './day-rating'
import { assertServed, LEAD_TO_ACCOUNT, leadToAccountDivision, leadToAccountReport } from './lead-to-account'
import { divisionNames } from '../divisions/division-names'
import { activityDrillDown, contactDrillDown } from './drill-down'
import { periodOf, reportDivision, reportUserOf, reportUsers, type PeriodQuery } from './report-scope'
import { salesMetricReport, type SalesMetricScope } from './sales-metric'
import { salesMetricWorkbook } from './write-xlsx'

const tags = ['reports']
const projections = [readModelNames.reportSalesFacts, readModelNames.users]
const drillProjections = [...projections, readModelNames.contactsList, readModelNames.activities]

async function scopeOf(
  db: Kysely<unknown>,
  request: FastifyRequest,
  query: PeriodQuery & { divisionId?: number; userId?: string },
): Promise<SalesMetricScope> {
  const period = periodOf(query)
  if (query.userId) await reportUserOf(db, request, query.userId)
  return {
    period,
    divisionId: reportDivision(request, query.divisionId),
    userId: query.userId,
    users: (column: RawBuilder<unknown>) => reportUsers(request, column),
  }
}

/**
 * Reports (docs/product.md 7, docs/decisions/024): the sales metrics per salesperson and division, the records
 * behind each number, its Excel export, and Day Rating. Whose numbers: the visibility policy's canSeeWorkOf.
 */
export function reportRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/reports/sales-metric',
    {
      config: { projections },
      schema: {
        summary: 'Sales metrics per salesperson and division over a report period (1-8) or custom days',
        tags,
        querystring: salesMetricQuerySchema,
        response: { 200: salesMetricReportSchema },
      },
    },
    async (request) => salesMetricReport(db, await scopeOf(db, request, request.query)),
  )

  api.get(
    '/reports/sales-metric/export',
    {
      config: {
        projections: [...projections, readModelNames.divisions],
        openapi: { file: { mediaTypes: [EXCEL_MEDIA_TYPE], description: 'The report as an .xlsx workbook' } },
      },
      schema: {
        summary: 'Sales metrics as an Excel file (at most 1,000 rows)',
        tags,
        querystring: salesMetricQuerySchema,
      },
    },
    async (request, reply) => {
      const report = await salesMetricReport(db, await scopeOf(db, request, request.query))
      const file = `sales-metrics-${report.dateFrom}-${report.dateTo}.xlsx`
      return reply
        .type(EXCEL_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(await salesMetricWorkbook(report, await divisionNames(db)))
    },
  )

  api.get(
    '/reports/sales-metric/activities',
    {
      config: { projections: drillProjections },
      schema: {
        summary: 'The activities behind one sales metric number (sales_metric_activities), paged',
        tags,
        querystring: salesMetricDrillQuerySchema,
        response: { 200: salesMetricActivitiesPageSchema },
      },
    },
    async (request) => {
      const { metric, limit, first } = request.query
      if (salesMetrics[metric].drill !== 'activities')
        throw badRequest('Not an activity metric', { metric: 'Not an activity metric' })
      return activityDrillDown(db, await scopeOf(db, request, request.query), metric, { limit, first })
    },
  )

  api.get(
    '/reports/sales-metric/contacts',
    {
      config: { projections: drillProjections },
      schema: {
        summary: 'The contacts behind one sales metric number (sales_metric_contacts), paged',
        tags,
        querystring: salesMetricDrillQuerySchema,
        response: { 200: salesMetricContactsPageSchema },
      },
    },
    async (request) => {
      const { metric, limit, first } = request.query
      if (salesMetrics[metric].drill !== 'contacts')
        throw badRequest('Not a contact metric', { metric: 'Not a contact metric' })
      return contactDrillDown(db, await scopeOf(db, request, request.query), metric, { limit, first })
    },
  )

  api.get(
    '/reports/lead-to-account',
    {
      config: { projections: [LEAD_TO_ACCOUNT, readModelNames.divisions], openapi: { errors: [503] } },
      schema: {
        summary: 'Time from Lead to Account per month, division and prospect source (503 while it is being built)',
        tags,
        querystring: leadToAccountQuerySchema,
        response: { 200: leadToAccountReportSchema },
      },
    },
    async (request) => {
      const divisionId = leadToAccountDivision(request, request.query.divisionId)
      await assertServed(db)
      return leadToAccountReport(db, request.query, divisionId)
    },
  )

  api.get(
    '/reports/day-rating',
    {
      config: { projections },
      schema: {
        summary: "Day Rating: a user's day, week, month and year against their expectations",
        tags,
        querystring: dayRatingQuerySchema,
        response: { 200: dayRatingSchema },
      },
    },
    async (request) => {
      const { utcOffset } = request.query
      const user = await reportUserOf(db, request, request.query.userId ?? request.user.userId)
      const date = request.query.date ?? localToday(new Date(), utcOffset)
      if (
        Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
        new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
      ) {
        throw badRequest(reportMessages.selectDateRange, { date: reportMessages.selectDateRange })
      }
      const lines = await dayRatingLines(db, {
        userId: user.userId,
        date,
        utcOffset,
        expectations: user.expectations as UserExpectations,
      })
      return { userId: user.userId, userName: user.name, date, lines }
    },
  )
}
