import { mayAskReportFor, reportDivisionsOf, reportMessages, reportPeriod } from '@crm/contracts'
import { badRequest, notFound } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { workOfSql } from '../visibility/visibility-sql'
import { viewerOf } from '../viewer'

/**
 * Whose numbers a viewer reads (the visibility policy's canSeeWorkOf, in SQL): executives and administrators
 * everyone's, a manager their own and their team's, everyone else their own. A condition on a user id column.
 */
export const reportUsers = (request: FastifyRequest, column: RawBuilder<unknown>): RawBuilder<unknown> =>
  workOfSql(request.user, column)

/**
 * The divisions a report covers: the one asked for, if the caller may ask for it (the visibility policy's
 * mayAskReportFor), else 404 as for a missing division; without one, executives and administrators (and analysts
 * for `wholeDivisions` reports) every division, everyone else the one they work in now (the switcher's).
 * Undefined means every division. Every report taking a division asks here.
 */
export function reportDivision(
  request: FastifyRequest,
  asked?: number,
  options: { wholeDivisions?: boolean } = {},
): number | undefined {
  const viewer = viewerOf(request)
  if (asked !== undefined) {
    if (!mayAskReportFor(viewer, asked, options)) throw notFound(reportMessages.divisionNotFound)
    return asked
  }
  const divisions = reportDivisionsOf(viewer, options)
  return divisions === 'any' ? undefined : divisions
}

/**
 * A user named by a report request, with their name and expectations, if the viewer may read their numbers;
 * otherwise 404 exactly as for a user that does not exist.
 */
export async function reportUserOf(
  db: Kysely<unknown>,
  request: FastifyRequest,
  userId: string,
): Promise<{ userId: string; name: string; expectations: Record<string, unknown> }> {
  const { rows } = await sql<{ name: string | null; email: string; expectations: Record<string, unknown> }>`
    select u.name, u.email, u.expectations from users u
    where u.user_id = ${userId}::uuid and ${reportUsers(request, sql`u.user_id`)}`.execute(db)
  const row = rows[0]
  if (!row) throw notFound(reportMessages.userNotFound)
  return { userId, name: row.name ?? row.email, expectations: row.expectations ?? {} }
}

export type PeriodQuery = { range?: number; dateFrom?: string; dateTo?: string; utcOffset: number }

/** The period asked for, or 400 'Please select date range!' (docs/product.md 5). */
export function periodOf(query: PeriodQuery) {
  const period = reportPeriod(query, new Date())
  if (!period) {
    throw badRequest(reportMessages.selectDateRange, { dateFrom: reportMessages.selectDateRange })
  }
  return period
}
