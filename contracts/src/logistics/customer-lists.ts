import { logisticsFlags, type LogisticsFlag, type LogisticsFlagKey } from './customer-flags'

// Without a schema library: the web's routes read these while the app starts (see bench/web-size.ts).

/**
 * The lists of GET /customers-logistic/{list} (docs/product.md 7), each a screen under /customer-logistics/{list}.
 * Membership rules: services/query-api/src/logistics/customer-list-definitions.ts.
 */
export const logisticsListNames = [
  'all',
  'leads',
  'prospects',
  'accounts',
  'pending-accounts',
  'rfp',
  'mfp',
  'credit-app',
  'online-form',
  'dead',
] as const
export type LogisticsListName = (typeof logisticsListNames)[number]

export const logisticsListTitles: Record<LogisticsListName, string> = {
  all: 'All Customers',
  leads: 'Leads',
  prospects: 'Prospects',
  accounts: 'Accounts',
  'pending-accounts': 'Pending Accounts',
  rfp: 'RFP',
  mfp: 'MFP',
  'credit-app': 'Credit App',
  'online-form': 'Online Form',
  dead: 'Dead',
}

const flagOfList: Partial<Record<LogisticsListName, LogisticsFlagKey>> = {
  rfp: 'isRfp',
  mfp: 'isMfp',
  'credit-app': 'isCreditApp',
  'online-form': 'isOnlineForm',
}
/** The toggle a list is made of (rfp: RFP, ...), or undefined for the lists by status. */
export const logisticsFlagOfList = (list: LogisticsListName): LogisticsFlag | undefined =>
  logisticsFlags.find((flag) => flag.key === flagOfList[list])
