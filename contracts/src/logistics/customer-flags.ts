import { ContactStatus, contactStatusNames, type ContactStatusId } from '../constants/statuses'

/**
 * The four toggles of a logistics customer (docs/product.md 6) and the statuses of the logistics division at
 * which each is offered: RFP only at Prospect; MFP, Credit App and Online Form at Prospect, Account and Pending.
 * Each switch records its date (the day it was switched on; cleared when switched off).
 */
export const logisticsFlags = [
  { key: 'isRfp', dateKey: 'rfpDate', label: 'RFP', offeredAt: [ContactStatus.Prospect] },
  {
    key: 'isMfp',
    dateKey: 'mfpDate',
    label: 'MFP',
    offeredAt: [ContactStatus.Prospect, ContactStatus.Account, ContactStatus.Pending],
  },
  {
    key: 'isCreditApp',
    dateKey: 'creditAppDate',
    label: 'Credit App',
    offeredAt: [ContactStatus.Prospect, ContactStatus.Account, ContactStatus.Pending],
  },
  {
    key: 'isOnlineForm',
    dateKey: 'onlineFormDate',
    label: 'Online Form',
    offeredAt: [ContactStatus.Prospect, ContactStatus.Account, ContactStatus.Pending],
  },
] as const satisfies readonly {
  key: string
  dateKey: string
  label: string
  offeredAt: readonly ContactStatusId[]
}[]

export type LogisticsFlag = (typeof logisticsFlags)[number]
export type LogisticsFlagKey = LogisticsFlag['key']
export type LogisticsFlagDateKey = LogisticsFlag['dateKey']

/** Whether a toggle is offered to a logistics customer with this status (the web shows it only then). */
export const flagOfferedAt = (flag: LogisticsFlag, statusId: number | null | undefined): boolean =>
  statusId !== null && statusId !== undefined && (flag.offeredAt as readonly number[]).includes(statusId)

/** The toggles offered at a status, in the order the customer page shows them. */
export const flagsOfferedAt = (statusId: number | null | undefined): LogisticsFlag[] =>
  logisticsFlags.filter((flag) => flagOfferedAt(flag, statusId))

/** The message under a toggle switched on a contact that is no logistics customer (the generic contact edit). */
export const flagOnlyForLogistics = (flag: LogisticsFlag): string =>
  `${flag.label} is offered only for logistics customers`

/** The message under a toggle switched at a status that does not offer it. */
export const flagNotOffered = (flag: LogisticsFlag): string =>
  `${flag.label} is offered only for ${flag.offeredAt.map((s) => contactStatusNames[s]).join(', ')} customers`
