/** Header names of read-your-writes. */
export const MIN_POSITION_HEADER = 'x-min-position'
export const POSITION_HEADER = 'x-position'
