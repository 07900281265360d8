import { effortLevels, grades, referralStatusNames } from '@crm/contracts'
import { usd as dollars } from '../../lib/money'

/** Money in USD with two decimals. */
export const usd = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '' : dollars(amount)

export const gradeName = (id: number) => grades[id as keyof typeof grades] ?? 'Cold'
export const effortName = (id: number) => effortLevels[id as keyof typeof effortLevels] ?? ''
export const referralStatusName = (status: number) => referralStatusNames[status] ?? `Status ${status}`
