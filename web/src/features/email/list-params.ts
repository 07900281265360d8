import { emailHistoryTypeKeys, type ListQuery } from '@crm/contracts'
import type { HistoryParams, TemplateParams } from './email-api'

/** The table's URL state as the templates route's parameters: a page, and the search box. */
export const templateParams = (query: ListQuery): TemplateParams => ({
  limit: query.pagination.limit,
  first: query.pagination.first,
  search: query.tableFilter.global || undefined,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/
const matching = (value: unknown, test: (v: string) => boolean) =>
  typeof value === 'string' && test(value) ? value : undefined

/**
 * The history table's URL state: a page, and the filters (type, sender, contact, template, days). A value the
 * API would refuse (an edited address) is left out rather than sent.
 */
export function historyParams(query: ListQuery): HistoryParams {
  const f = query.filter
  return {
    limit: query.pagination.limit,
    first: query.pagination.first,
    type: matching(f.type, (v) => emailHistoryTypeKeys.includes(v as never)),
    senderId: matching(f.senderId, (v) => UUID.test(v)),
    contactId: matching(f.contactId, (v) => UUID.test(v)),
    templateId: matching(f.templateId, (v) => UUID.test(v)),
    dateFrom: matching(f.dateFrom, (v) => DAY.test(v)),
    dateTo: matching(f.dateTo, (v) => DAY.test(v)),
  }
}

/** The marketing sends table's URL state: a page (its filter is the recipients' filters). */
export const campaignParams = (query: ListQuery) => ({
  limit: query.pagination.limit,
  first: query.pagination.first,
})
