import type { LoadFields } from './loads'

/** Events of the load stream (`logistics-load-<id>`); fields are only ever added, never renamed. */
export type LogisticsLoadBooked = {
  type: 'LogisticsLoadBooked'
  data: LoadFields & { loadId: string; contactId: string; createdBy: string }
}
/** Only the fields that changed, with their new values. */
export type LogisticsLoadChanged = {
  type: 'LogisticsLoadChanged'
  data: { loadId: string; contactId: string; changes: Partial<LoadFields>; changedBy: string }
}
export type LogisticsLoadDeleted = {
  type: 'LogisticsLoadDeleted'
  data: { loadId: string; contactId: string; deletedBy: string }
}

export type LogisticsLoadEvent = LogisticsLoadBooked | LogisticsLoadChanged | LogisticsLoadDeleted

export const logisticsLoadEventTypes = [
  'LogisticsLoadBooked',
  'LogisticsLoadChanged',
  'LogisticsLoadDeleted',
] as const satisfies readonly LogisticsLoadEvent['type'][]

export const loadStreamId = (loadId: string): string => `logistics-load-${loadId}`
