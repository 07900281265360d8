import { salesMetrics, type SalesMetric } from '@crm/contracts'

/** The table's metric columns, in the order a sales manager reads them (talk time sits after the calls). */
export const metricColumns: { key: SalesMetric; short: string }[] = [
  { key: 'calls', short: 'Calls' },
  { key: 'callsAttempted', short: 'Attempted' },
  { key: 'callsAnswered', short: 'Answered' },
  { key: 'emails', short: 'Emails' },
  { key: 'texts', short: 'Texts' },
  { key: 'meetings', short: 'Meetings' },
  { key: 'newLeads', short: 'New leads' },
  { key: 'leadToProspect', short: 'L → P' },
  { key: 'prospectToAccount', short: 'P → A' },
  { key: 'givenUp', short: 'Gave up' },
  { key: 'dead', short: 'Dead' },
  { key: 'notQualified', short: 'NQ' },
  { key: 'referralsSent', short: 'Ref. sent' },
  { key: 'referralsReceived', short: 'Ref. recd' },
  { key: 'opportunitiesCreated', short: 'Opps' },
  { key: 'opportunitiesWon', short: 'Won' },
]

export const metricLabel = (key: SalesMetric) => salesMetrics[key].label

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
/** Whole dollars where space is short (table cells), cents where the record is read (drill-downs). */
export const formatDollars = (amount: number, exact = false) => (exact ? cents : dollars).format(amount)
