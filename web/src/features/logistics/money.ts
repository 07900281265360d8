export { usd } from '../../lib/money'

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
/** '2026-11' → 'November 2026'. */
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))
