import type { ContactCreated, ContactFields, LeadImported } from '@crm/contracts'
import type { Decider } from '../command-handling/decider'
import type { LeadRow } from './csv-layouts'

/** What a lead row needs to know about its contact's stream: whether it exists and which facts it has. */
export interface LeadState {
  created: boolean
  fields: Record<string, unknown>
}
export type LeadEvent = ContactCreated | LeadImported | { type: string; data: Record<string, unknown> }

export interface ImportLeadRow {
  type: 'ImportLeadRow'
  contactId: string
  uploadId: string
  lead: LeadRow
  /** The uploader's division: imported leads start there, unassigned. */
  divisionId: number
  importDate: string
  matchedBy: 'dot' | 'mc' | null
}

const flatten = (fields: Record<string, unknown>): Record<string, unknown> => {
  const { address, ...rest } = fields
  const out: Record<string, unknown> = { ...rest }
  if (address && typeof address === 'object') {
    for (const [k, v] of Object.entries(address)) out[`address.${k}`] = v
  }
  return out
}
const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

export function evolveLead(state: LeadState, event: LeadEvent): LeadState {
  switch (event.type) {
    case 'ContactCreated':
      return { created: true, fields: flatten(event.data as Record<string, unknown>) }
    case 'LeadImported':
      return { ...state, fields: { ...state.fields, ...flatten((event as LeadImported).data.fields) } }
    case 'ContactUpdated':
      return {
        ...state,
        fields: { ...state.fields, ...flatten((event.data as { changes: Record<string, unknown> }).changes) },
      }
    default:
      return state
  }
}

/** The facts of the row the contact lacks: an import fills gaps and never overwrites what a rep entered. */
export function missingFacts(state: LeadState, row: LeadRow): Partial<ContactFields> {
  const out: Record<string, unknown> = {}
  const address: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(flatten(row.fields))) {
    if (isEmpty(value) || !isEmpty(state.fields[key])) continue
    if (key.startsWith('address.')) address[key.slice(8)] = value
    else out[key] = value
  }
  if (Object.keys(address).length > 0) out.address = address
  return out as Partial<ContactFields>
}

/** A new contact as POST /contacts creates it (a Lead, here unassigned, with its import date), plus the row. */
export function decideLeadRow(state: LeadState, command: ImportLeadRow): (ContactCreated | LeadImported)[] {
  const { contactId, uploadId, lead } = command
  const imported = (fields: Partial<ContactFields>): LeadImported => ({
    type: 'LeadImported',
    data: { contactId, uploadId, row: lead.row, matchedBy: command.matchedBy, fields, lead: lead.lead },
  })
  if (!state.created) {
    const fields = lead.fields as unknown as Partial<ContactFields>
    const created: ContactCreated = {
      type: 'ContactCreated',
      data: {
        ...(fields as ContactFields),
        // Census rows are motor carriers; docs/product.md's lead CSV has no organization type either.
        contactCategory: fields.contactCategory ?? 1,
        organizationTypeId: fields.organizationTypeId ?? 7,
        contactId,
        divisionId: command.divisionId,
        statusId: 1,
        assigned: null,
        importDate: command.importDate,
      },
    }
    return [created, imported({})]
  }
  const facts = missingFacts(state, lead)
  return Object.keys(facts).length === 0 ? [] : [imported(facts)]
}

export const leadDecider: Decider<LeadState, ImportLeadRow, LeadEvent> = {
  initialState: { created: false, fields: {} },
  evolve: evolveLead,
  decide: (state, command) => decideLeadRow(state, command),
}
