/** Header names of read-your-writes. */
export const MIN_POSITION_HEADER = 'x-min-position'
export const POSITION_HEADER = 'x-position'
/** Set on a read answered before the read models reached X-Min-Position (the bounded wait ran out). */
export const STALE_HEADER = 'x-read-model-stale'
