import type { LegalData } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

type Facts = NonNullable<LegalData['facts']>

/** FMCSA's public company snapshot of a carrier by its USDOT number. */
export const saferSnapshotUrl = (dot: string) =>
  `https://safer.fmcsa.dot.gov/query.asp?searchtype=ANY&query_type=queryCarrierSnapshot&query_param=USDOT&query_string=${encodeURIComponent(dot)}`

/** Only the fields the contract names, each present (an older import may not have written all of them). */
function factsOf(raw: Record<string, unknown> | null): Facts | null {
  if (!raw) return null
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : null)
  const mailing = raw.mailingAddress as Record<string, unknown> | null | undefined
  const mailingText = (key: string) => (typeof mailing?.[key] === 'string' ? (mailing[key] as string) : null)
  return {
    operatingStatus: text('operatingStatus'),
    entityType: text('entityType'),
    cargoCarried: text('cargoCarried'),
    carrierOperations: text('carrierOperations'),
    operationClassification: text('operationClassification'),
    numberOfDrivers: typeof raw.numberOfDrivers === 'number' ? raw.numberOfDrivers : null,
    mailingAddress: mailing
      ? {
          street1: mailingText('street1'),
          city: mailingText('city'),
          state: mailingText('state'),
          zip: mailingText('zip'),
        }
      : null,
    dateEntered: text('dateEntered'),
    mcs150Date: text('mcs150Date'),
    source: text('source'),
  }
}

/** A visible contact's census facts (the caller's visibility is checked before). */
export async function findLegalData(db: Kysely<unknown>, contactId: string): Promise<LegalData> {
  const { rows } = await sql<{
    dot_number: string | null
    mc_number: string | null
    facts: Record<string, unknown> | null
    previous_facts: Record<string, unknown> | null
    imported_at: Date | string | null
  }>`
    select c.dot_number, c.mc_number, f.facts, f.previous_facts, f.imported_at
    from contacts_list c left join census_facts f on f.contact_id = c.id
    where c.id = ${contactId}::uuid`.execute(db)
  const row = rows[0]
  const dot = row?.dot_number ?? null
  return {
    contactId,
    dotNumber: dot,
    mcNumber: row?.mc_number ?? null,
    importedAt: row?.imported_at ? new Date(row.imported_at).toISOString() : null,
    facts: factsOf(row?.facts ?? null),
    previousFacts: factsOf(row?.previous_facts ?? null),
    saferUrl: dot ? saferSnapshotUrl(dot) : null,
  }
}
