import { ContactStatus } from '@crm/contracts'
import type { ContactCreated, ContactFields, LeadFacts, LeadImported } from '@crm/contracts'
import type { Decider } from '../../command-handling/decider'
import type { LeadRow } from '../csv-layouts'

/** What a lead row needs to know about its contact's stream: whether it exists and which facts it has. */
export interface LeadState {
  created: boolean
  fields: Record<string, unknown>
  /** The census facts the last import wrote (null before any). */
  lead: LeadFacts | null
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
/**
 * Whether two imports wrote the same census facts. Key by key: facts read back from the store come in the order
 * jsonb keeps, not the order they were written in.
 */
export function sameLeadFacts(a: LeadFacts | null, b: LeadFacts | null): boolean {
  if (a === null || b === null) return a === b
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : (value ?? null)
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

export function evolveLead(state: LeadState, event: LeadEvent): LeadState {
  switch (event.type) {
    case 'ContactCreated': {
      const { imported, ...fields } = (event as ContactCreated).data
      return { ...state, created: true, fields: flatten(fields), lead: imported?.lead ?? state.lead }
    }
    case 'LeadImported': {
      const { fields, lead } = (event as LeadImported).data
      return { ...state, fields: { ...state.fields, ...flatten(fields) }, lead }
    }
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

/**
 * A new contact as POST /contacts creates it (a Lead, here unassigned, with its import date), in one event with
 * the row's facts (`imported`: one event a contact, not two, is a fifth less work per row at census scale).
 */
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
        statusId: ContactStatus.Lead,
        assigned: null,
        importDate: command.importDate,
        imported: { uploadId, row: lead.row, lead: lead.lead },
      },
    }
    return [created]
  }
  // A later census import of the carrier refreshes its facts (drivers, operating status...) and fills gaps in
  // the contact; with neither, the row changes nothing and appends nothing.
  const facts = missingFacts(state, lead)
  const censusChanged = !sameLeadFacts(state.lead, lead.lead)
  if (Object.keys(facts).length === 0 && !censusChanged) return []
  const event = imported(facts)
  return [censusChanged && state.lead ? { ...event, data: { ...event.data, previousLead: state.lead } } : event]
}

export const leadDecider: Decider<LeadState, ImportLeadRow, LeadEvent> = {
  initialState: { created: false, fields: {}, lead: null },
  evolve: evolveLead,
  decide: (state, command) => decideLeadRow(state, command),
}
