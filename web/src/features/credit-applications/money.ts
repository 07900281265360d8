import { usd } from '../../lib/money'

/** Money in USD with two decimals. */
export const formatMoney = (value: number): string => usd(value)
