import {
  loadMessages,
  type CreateLoad,
  type LoadFields,
  type LogisticsLoadChanged,
  type LogisticsLoadEvent,
  type UpdateLoad,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'
import type { Actor } from '../contacts/commands'

/** A load of a logistics customer (stream logistics-load-<id>). Who may touch it is its customer's visibility. */
export interface LoadState {
  loadId: string | null
  contactId: string | null
  fields: LoadFields | null
  deleted: boolean
}

export type LoadCommand =
  | { type: 'BookLoad'; loadId: string; actor: Actor; data: CreateLoad }
  | { type: 'ChangeLoad'; actor: Actor; changes: UpdateLoad }
  | { type: 'DeleteLoad'; actor: Actor }

export const initialLoadState: LoadState = { loadId: null, contactId: null, fields: null, deleted: false }

export function evolveLoad(state: LoadState, event: LogisticsLoadEvent): LoadState {
  switch (event.type) {
    case 'LogisticsLoadBooked': {
      const { loadId, contactId, createdBy: _createdBy, ...fields } = event.data
      return { loadId, contactId, fields, deleted: false }
    }
    case 'LogisticsLoadChanged':
      return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state
    case 'LogisticsLoadDeleted':
      return { ...state, deleted: true }
  }
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim()
/** Money is kept in cents' precision: 1200.5 is 1200.50 USD. */
const usd = (n: number) => Math.round(n * 100) / 100

/** Optional texts blank → null and pay rounded to cents, so events and read models hold one kind of value. */
function normalize<T extends Partial<LoadFields>>(fields: T): T {
  const out: Record<string, unknown> = { ...fields }
  for (const key of ['originZip', 'destinationZip', 'product', 'notes'] as const) {
    if (key in fields) out[key] = blankToNull(fields[key])
  }
  if (fields.loadPay !== undefined) out.loadPay = usd(fields.loadPay)
  return out as T
}

function book(state: LoadState, command: Extract<LoadCommand, { type: 'BookLoad' }>): LogisticsLoadEvent[] {
  if (state.loadId) throw new DomainError('This load already exists')
  const { contactId, ...fields } = command.data
  const data = normalize(fields)
  return [
    {
      type: 'LogisticsLoadBooked',
      data: {
        loadId: command.loadId,
        contactId,
        createdBy: command.actor.userId,
        originCity: data.originCity.trim(),
        originStateId: data.originStateId,
        originZip: data.originZip ?? null,
        destinationCity: data.destinationCity.trim(),
        destinationStateId: data.destinationStateId,
        destinationZip: data.destinationZip ?? null,
        pickUpDate: data.pickUpDate,
        loadPay: data.loadPay,
        loadTypeId: data.loadTypeId ?? null,
        product: data.product ?? null,
        equipmentId: data.equipmentId ?? null,
        weight: data.weight ?? null,
        notes: data.notes ?? null,
      },
    },
  ]
}

function liveLoad(state: LoadState): { loadId: string; contactId: string; fields: LoadFields } {
  if (!state.loadId || !state.contactId || !state.fields || state.deleted) throw notFound(loadMessages.loadNotFound)
  return { loadId: state.loadId, contactId: state.contactId, fields: state.fields }
}

function change(state: LoadState, command: Extract<LoadCommand, { type: 'ChangeLoad' }>): LogisticsLoadEvent[] {
  const { loadId, contactId, fields } = liveLoad(state)
  const incoming = normalize(command.changes)
  const changes: LogisticsLoadChanged['data']['changes'] = {}
  for (const [key, value] of Object.entries(incoming) as [keyof LoadFields, unknown][]) {
    if (value === undefined) continue
    if (JSON.stringify(value) !== JSON.stringify(fields[key] ?? null)) Object.assign(changes, { [key]: value })
  }
  // A save that changes nothing (a retried or double-clicked one) appends nothing.
  if (Object.keys(changes).length === 0) return []
  return [{ type: 'LogisticsLoadChanged', data: { loadId, contactId, changes, changedBy: command.actor.userId } }]
}

function remove(state: LoadState, command: Extract<LoadCommand, { type: 'DeleteLoad' }>): LogisticsLoadEvent[] {
  const { loadId, contactId } = liveLoad(state)
  return [{ type: 'LogisticsLoadDeleted', data: { loadId, contactId, deletedBy: command.actor.userId } }]
}

/** The load aggregate: pure; the route checks first that the actor sees the load's customer (404 otherwise). */
export const loadDecider: Decider<LoadState, LoadCommand, LogisticsLoadEvent> = {
  initialState: initialLoadState,
  evolve: evolveLoad,
  startsStream: (command) => command.type === 'BookLoad',
  decide: (state, command) => {
    switch (command.type) {
      case 'BookLoad':
        return book(state, command)
      case 'ChangeLoad':
        return change(state, command)
      case 'DeleteLoad':
        return remove(state, command)
    }
  },
}
