import { censusCsvHeaders, requiredLeadCsvHeaders, type LeadFacts } from '@crm/contracts'
import { carrierOperations, cargoClassifications, labelsOf, operationClassifications } from './census-codes'

/** One CSV row turned into what a lead needs: contact fields, lead facts, and why it cannot be used. */
export interface LeadRow {
  row: number
  name: string | null
  dotNumber: string | null
  mcNumber: string | null
  fields: Record<string, unknown> & { address: Record<string, string | null> }
  lead: LeadFacts
  problem: string | null
}

export type CsvLayout = 'leads' | 'census'
type Record_ = Record<string, string | undefined>

const text = (value: string | undefined, max = 200): string | null => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed.slice(0, max)
}
const digits = (value: string | undefined): string | null => text(value?.replace(/\D/g, ''), 20)
const integer = (value: string | undefined): number | null => {
  const n = Number.parseFloat(value ?? '')
  return Number.isFinite(n) && n >= 0 ? Math.min(1_000_000, Math.round(n)) : null
}

/** (999) 999-9999 when the number has ten digits (docs/product.md's phone mask); as given otherwise. */
export function formatPhone(value: string | undefined): string | null {
  const d = (value ?? '').replace(/\D/g, '').replace(/^1(\d{10})$/, '$1')
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`
  return text(value, 30)
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
/** YYYY-MM-DD from the dates these files hold: ISO, MM/DD/YYYY, or the census' DD-MON-YY. */
export function parseDay(value: string | undefined): string | null {
  const v = value?.trim() ?? ''
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v)
  if (m) return `${m[1]}-${m[2]}-${m[3]}`
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/.exec(v)
  if (m) return `${m[3]!.length === 2 ? `20${m[3]}` : m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`
  m = /^(\d{1,2})-([A-Z]{3})-(\d{2})$/i.exec(v)
  if (m && MONTHS.includes(m[2]!.toUpperCase())) {
    const year = Number(m[3]) > 69 ? `19${m[3]}` : `20${m[3]}`
    return `${year}-${String(MONTHS.indexOf(m[2]!.toUpperCase()) + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  }
  return null
}

/** Recognises the file by its header: docs/product.md's lead CSV, or the USDOT motor carrier census. */
export function detectLayout(headers: string[]): { layout: CsvLayout } | { missing: string[] } {
  const set = new Set(headers.map((h) => h.trim().toLowerCase()))
  if (censusCsvHeaders.every((h) => set.has(h))) return { layout: 'census' }
  const missing = requiredLeadCsvHeaders.filter((h) => !set.has(h))
  return missing.length === 0 ? { layout: 'leads' } : { missing }
}

const noLead: LeadFacts = {
  source: null,
  sourceId: null,
  operatingStatus: null,
  numberOfDrivers: null,
  entityType: null,
  cargoCarried: null,
  carrierOperations: null,
  operationClassification: null,
  mailingAddress: null,
  dateEntered: null,
}

function fromLeads(r: Record_, row: number): LeadRow {
  const name = text(r.name_and_safer_name)
  const dateEntered = parseDay(r.date_entered)
  const mailing = {
    street1: text(r.mailing_street_1),
    city: text(r.mailing_city, 100),
    state: text(r.mailing_state, 2),
    zip: text(r.mailing_zip, 10),
  }
  return {
    row,
    name,
    dotNumber: digits(r.usdot),
    mcNumber: digits(r.mc),
    fields: {
      name,
      dba: text(r.dba),
      ownerName: text(r.owner_name),
      email: text(r.email, 254),
      businessPhone: formatPhone(r.business_phone),
      mobilePhone: formatPhone(r.mobile_phone),
      address: {
        street1: text(r.street_1),
        city: text(r.city, 100),
        state: text(r.state, 2)?.toUpperCase() ?? null,
        zip: text(r.zip, 10),
        country: 'US',
      },
      dotNumber: digits(r.usdot),
      mcNumber: digits(r.mc),
      numberOfTrucks: integer(r.trucks),
      dateEstablished: parseDay(r.established_date),
    },
    lead: {
      ...noLead,
      source: text(r.source, 100),
      operatingStatus: text(r.operating_status, 40),
      numberOfDrivers: integer(r.drivers),
      entityType: text(r.entity_type, 100),
      cargoCarried: text(r.cargo_carried, 500),
      carrierOperations: text(r.carrier_operations, 200),
      operationClassification: text(r.operation_classification, 200),
      mailingAddress: Object.values(mailing).some((v) => v !== null) ? mailing : null,
      dateEntered,
    },
    problem: !name ? 'Missing name_and_safer_name' : !dateEntered ? 'Missing or unreadable date_entered' : null,
  }
}

/** A, B, C as the census' data dictionary names them; any other value as given. */
const carrierOperationOf = (value: string | undefined): string | null => {
  const code = text(value, 200)
  return code === null ? null : (carrierOperations[code.toUpperCase()] ?? code)
}

function fromCensus(r: Record_, row: number): LeadRow {
  const name = text(r.legal_name)
  const mailing = {
    street1: text(r.mailing_street),
    city: text(r.mailing_city, 100),
    state: text(r.mailing_state, 2),
    zip: text(r.mailing_zip, 10),
  }
  return {
    row,
    name,
    dotNumber: digits(r.dot_number),
    mcNumber: null,
    fields: {
      name,
      dba: text(r.dba_name),
      email: text(r.email_address?.toLowerCase(), 254),
      businessPhone: formatPhone(r.telephone),
      address: {
        street1: text(r.phy_street),
        city: text(r.phy_city, 100),
        state: text(r.phy_state, 2)?.toUpperCase() ?? null,
        zip: text(r.phy_zip, 10),
        country: text(r.phy_country, 2) ?? 'US',
      },
      dotNumber: digits(r.dot_number),
      numberOfTrucks: integer(r.nbr_power_unit),
    },
    lead: {
      ...noLead,
      source: 'FMCSA census',
      numberOfDrivers: integer(r.driver_total),
      carrierOperations: carrierOperationOf(r.carrier_operation),
      operationClassification: labelsOf(r, operationClassifications, 200),
      cargoCarried: labelsOf(r, cargoClassifications, 500),
      mailingAddress: Object.values(mailing).some((v) => v !== null) ? mailing : null,
      dateEntered: parseDay(r.add_date),
      mcs150Date: parseDay(r.mcs150_date),
    },
    problem: !name ? 'Missing legal_name' : !digits(r.dot_number) ? 'Missing dot_number' : null,
  }
}

export const toLeadRow = (layout: CsvLayout, record: Record_, row: number): LeadRow =>
  layout === 'census' ? fromCensus(record, row) : fromLeads(record, row)
