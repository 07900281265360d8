/** Business constants and limits (docs/product.md section 9). */
export const TOAST_DEFAULT_MS = 3000
export const PAGE_SIZES = [5, 10, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 5
export const DEFAULT_SORT = { field: 'name', direction: 'desc' } as const
export const FILTER_DEBOUNCE_MS = 500
export const CONTACT_EXPORT_LIMIT = 50_000
export const REPORT_EXPORT_LIMIT = 1_000
export const ASYNC_SELECT_PAGE = 50
export const TIMELINE_PAGE = 10
export const TIMELINE_SCROLL_THRESHOLD = 0.8
export const DASHBOARD_TASKS = 20
export const STATUS_CHANGES_SHOWN = 5
export const MAX_ATTACHMENTS = 5
export const MAX_ATTACHMENT_BYTES = 5_000_000
/** How long the query API waits for projections to reach X-Min-Position. */
export const MIN_POSITION_WAIT_MS = 2000
