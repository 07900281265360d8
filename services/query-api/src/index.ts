export { buildQueryApp, queryApiRoutes, type QueryApiDeps } from './app'
export {
  EXACT_COUNT_MARGIN,
  TEXT_SEARCH_EXACT_COUNT,
  UNCOUNTED_ESTIMATE_FACTOR,
  exactCount,
  withBitmapScansOnly,
} from './common/list-sql'
export { auditScope, auditWhere } from './audit/audit'
export { loadQueryApiConfig, type QueryApiConfig } from './config'
export { pageSql, searchContacts, searchWhere, textMatchesAnywhere, walkPage } from './contact-lists/search-contacts'
export { findContactById } from './contacts/find-contact'
export { findContactHistory } from './contacts/contact-history'
export { namePrefixKeysSql, quickSearch, type QuickSearchBounds } from './global-search/quick-search'
export { salesMetricReport, wholeUtcDays, type SalesMetricScope } from './reports/sales-metric'
export { canReadReceipt } from './expenses/expense-visibility'
