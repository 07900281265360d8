/**
 * The opportunity dashboard's filter rules, without a schema library: the web's route reads them while the app
 * starts, so they stay out of the first download (docs/decisions/029).
 */
export const dashboardMessages = {
  /** docs/product.md 5, verbatim. */
  divisionRequired: 'Division must be selected',
  invalidDateRange: 'Invalid Date Range',
  salespersonRequired: 'Salesperson must be selected',
  salespersonNotFound: 'Salesperson not found',
} as const

/** The salesperson value that means every salesperson of the division (managers, executives). */
export const ALL_SALESPEOPLE = 'all'

/** The dashboard's filters as they travel (query string, the page's address): text, checked by the rules below. */
export interface DashboardQuery {
  divisionId?: string | undefined
  userId?: string | undefined
  dateFrom?: string | undefined
  dateTo?: string | undefined
}

export interface DashboardFilter {
  divisionId: number
  /** A user id, or ALL_SALESPEOPLE. */
  userId: string
  dateFrom: string
  dateTo: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A real calendar day the read model can store (years 1900-2999). */
export function isCalendarDay(value: string | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1900-01-01' || value > '2999-12-31') return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * The dashboard's rules (docs/product.md 5): a division, a salesperson (a user or "all") and a range whose
 * start is a day not after its end. Every broken rule is named under its field, with the product's message.
 */
export function checkDashboardFilter(
  query: DashboardQuery,
): { filter: DashboardFilter; errors?: undefined } | { filter?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const divisionId = Number(query.divisionId)
  if (!query.divisionId || !/^\d{1,9}$/.test(query.divisionId) || divisionId < 1)
    errors.divisionId = dashboardMessages.divisionRequired
  const userId = query.userId ?? ''
  if (userId !== ALL_SALESPEOPLE && !UUID.test(userId)) errors.userId = dashboardMessages.salespersonRequired
  const { dateFrom, dateTo } = query
  if (!isCalendarDay(dateFrom) || !isCalendarDay(dateTo) || dateFrom > dateTo)
    errors.dateFrom = dashboardMessages.invalidDateRange
  if (Object.keys(errors).length > 0) return { errors }
  return { filter: { divisionId, userId: userId.toLowerCase(), dateFrom: dateFrom!, dateTo: dateTo! } }
}
